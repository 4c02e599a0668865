import { invalidUserSetting } from '../errors.js';

export const DISPLAY_NAME_MAX_LENGTH = 100;

/** A display name: 1 to 100 characters after trimming, stored trimmed; well-formed text without control characters. */
export function validateDisplayName(raw: unknown): string {
  if (typeof raw !== 'string') throw invalidUserSetting('displayName must be a string');
  const name = raw.trim();
  const length = [...name].length;
  if (length === 0 || length > DISPLAY_NAME_MAX_LENGTH) throw invalidUserSetting(`displayName must be 1 to ${DISPLAY_NAME_MAX_LENGTH} characters after trimming`);
  if (!name.isWellFormed() || /[\u0000-\u001f\u007f]/.test(name)) throw invalidUserSetting('displayName must be well-formed text without control characters');
  return name;
}

/**
 * The display name an identity provider's token suggests: its `name` claim, else `preferred_username`,
 * when usable as a display name; undefined otherwise (the user id is shown then).
 */
export function displayNameFromClaims(claims: Readonly<Record<string, unknown>>): string | undefined {
  for (const claim of [claims['name'], claims['preferred_username']]) {
    try {
      if (claim !== undefined) return validateDisplayName(claim);
    } catch {
      // an unusable claim: try the next
    }
  }
  return undefined;
}
