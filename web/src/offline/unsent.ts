/** What the person typed into the capture field and has not saved yet: kept across a sign-out or a reload. */
const KEY = 'tickler.unsent';

export function unsentText(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function keepUnsent(text: string): void {
  try {
    if (text.trim()) localStorage.setItem(KEY, text);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or refused: the text stays on the screen only.
  }
}

export function clearUnsent(): void {
  keepUnsent('');
}
