import { invalidUserSetting } from '../errors.js';

// IANA names: letters, digits and _ + - in slash-separated parts ("America/Argentina/Buenos_Aires",
// "Etc/GMT+5", "UTC"). The shape alone refuses offsets such as "+02:00" and abbreviations with spaces.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** The canonical IANA time zone name ("europe/paris" → "Europe/Paris"); a 400 for anything else. */
export function validateTimeZone(raw: unknown): string {
  if (typeof raw === 'string' && raw.length <= 64 && IANA_NAME.test(raw)) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone;
    } catch {
      // falls through to the error below
    }
  }
  throw invalidUserSetting(`timeZone must be an IANA time zone name such as "Europe/Berlin", got "${String(raw).slice(0, 64)}"`);
}
