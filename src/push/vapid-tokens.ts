import type webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.js';

/** How long a signed token is valid (web-push's default, and under the 24 h RFC 8292 allows). */
const TOKEN_LIFETIME_S = 12 * 3600;
/** A token is signed anew once it has less than this left, so none expires on its way. */
const RENEW_BEFORE_S = 3600;
/** Push service origins remembered; past this the cache starts over (there are a handful in practice). */
const MAX_AUDIENCES = 1000;

const tokens = new Map<string, { authorization: string; expiresAt: number }>();

/**
 * The VAPID `Authorization` header for a push endpoint (RFC 8292): a token signed for the endpoint's
 * origin, reused for every message to that origin until an hour before it runs out. Signing one
 * (ECDSA P-256) per message cost about 6 % of the service's CPU time while it pushed a flood of
 * reminders.
 */
export function vapidAuthorization(lib: typeof webpush, endpoint: string, keys: VapidKeys, contact: string, nowMs = Date.now()): string {
  const audience = new URL(endpoint).origin;
  const key = `${keys.publicKey} ${contact} ${audience}`;
  const nowS = Math.floor(nowMs / 1000);
  const cached = tokens.get(key);
  if (cached && cached.expiresAt - nowS > RENEW_BEFORE_S) return cached.authorization;
  const expiresAt = nowS + TOKEN_LIFETIME_S;
  const { Authorization } = lib.getVapidHeaders(audience, contact, keys.publicKey, keys.privateKey, 'aes128gcm', expiresAt);
  if (tokens.size >= MAX_AUDIENCES) tokens.clear();
  tokens.set(key, { authorization: Authorization, expiresAt });
  return Authorization;
}
