/** An invitation link's token, kept while the person signs in first (`/join#<token>` → sign in → back). */
const KEY = 'tickler.join-token';

/** On `/join`: keeps the token of the link and takes the address back to `/` (the token leaves the bar). */
export function keepJoinTokenFromAddress(): void {
  if (location.pathname !== '/join') return;
  const token = location.hash.slice(1);
  if (token) localStorage.setItem(KEY, token);
  history.replaceState(null, '', '/');
}

/** The kept token, once: it is forgotten as it is taken. */
export function takeJoinToken(): string | null {
  const token = localStorage.getItem(KEY);
  if (token) localStorage.removeItem(KEY);
  return token;
}
