import { randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** How long the secret before a rotation keeps signing (as a second signature), so receivers can switch. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}
