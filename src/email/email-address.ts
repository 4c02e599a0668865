import { invalidEmail } from './email-errors.js';

/** Longest address SMTP allows (RFC 5321: a 254-character path). */
const ADDRESS_MAX_LENGTH = 254;
/** One address, local@domain, with a dotted domain; no display name, spaces, or header-breaking characters. */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** The address as stored (the domain in lower case), or a 400. */
export function validateEmailAddress(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > ADDRESS_MAX_LENGTH || !ADDRESS.test(raw)) {
    throw invalidEmail('email must be one address like name@example.com, or null to remove it');
  }
  const at = raw.lastIndexOf('@');
  return `${raw.slice(0, at)}@${raw.slice(at + 1).toLowerCase()}`;
}
