import { randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** How long the secret before a rotation keeps signing (as a second signature), so receivers can switch. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The error to throw when a write carrying a secret fails: Prisma's messages can quote the values of
 * the statement, and the error handler logs what it is given, so only the kind of failure is kept.
 */
export function secretSafeError(error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  const kind = typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown error';
  return new Error(`could not store the webhook endpoint's secret (${kind})`);
}
