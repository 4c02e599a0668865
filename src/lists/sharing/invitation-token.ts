import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: the secret in an invitation link. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, base64url. A token is random enough that no salt or slow hash is needed. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** How long an invitation stays good. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The link the invitee opens: the token rides in the fragment, which browsers never send to a server. */
export function invitationUrl(publicUrl: string | undefined, token: string): string {
  return `${(publicUrl ?? '').replace(/\/+$/, '')}/join#${token}`;
}
