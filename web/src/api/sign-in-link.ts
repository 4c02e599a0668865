import { ApiError } from './api-error.js';
import { exchangeCode } from './auth.js';
import { completeOidcSignIn } from './oidc.js';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Signs in on `/login`: the way back from an OIDC issuer (`?code=…&state=…` or `?error=…`), or the
 * code of a `/login#code=…` link. Answers what went wrong, for the sign-in screen, or null.
 */
export async function signInFromLink(): Promise<string | null> {
  if (location.pathname !== '/login') return null;
  const query = new URLSearchParams(location.search);
  if (query.has('state') || query.has('code') || query.has('error')) {
    history.replaceState(null, '', '/');
    try {
      await completeOidcSignIn(query);
      return null;
    } catch (error) {
      return message(error);
    }
  }
  const code = new URLSearchParams(location.hash.slice(1)).get('code');
  history.replaceState(null, '', '/');
  if (!code) return 'This sign-in link has no code. Ask for a new link.';
  try {
    await exchangeCode(code);
    return null;
  } catch (error) {
    return error instanceof ApiError && error.status === 400
      ? 'This sign-in link is used, expired or unknown. Ask for a new link.'
      : message(error);
  }
}
