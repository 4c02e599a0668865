import { invalidList } from '../errors.js';

export const LIST_NAME_MAX_LENGTH = 100;
export const LISTS_PER_USER_MAX = 500;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** A list name: 1 to 100 characters after trimming, stored trimmed; well-formed text without control characters. */
export function validateListName(raw: unknown): string {
  if (typeof raw !== 'string') throw invalidList('name must be a string');
  const name = raw.trim();
  const length = [...name].length;
  if (length === 0 || length > LIST_NAME_MAX_LENGTH) throw invalidList(`name must be 1 to ${LIST_NAME_MAX_LENGTH} characters after trimming`);
  if (!name.isWellFormed() || /[\u0000-\u001f\u007f]/.test(name)) throw invalidList('name must be well-formed text without control characters');
  return name;
}

/** `#rrggbb` (stored in lower case) or null for none. */
export function validateListColor(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || !COLOR.test(raw)) throw invalidList('color must be #rrggbb (six hex digits) or null');
  return raw.toLowerCase();
}
