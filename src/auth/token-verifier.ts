import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AuthConfig } from '../config.js';
import { issuedUpToDeletion, type AccountDeletionChecker } from './account-deletions.js';
import type { LocalSigningKey } from './local-signing-key.js';
import type { SessionStateChecker } from './session-state-cache.js';
import { refusalReasonOf, TokenRefused } from './token-refusal.js';
import { displayNameFromClaims } from '../users/display-name.js';
import { isAcceptableUserId } from './user-id.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

export interface VerifiedToken {
  userId: string;
  /** From this instant on the token is refused (its `exp`, plus the clock tolerance). */
  expiresAt: Date;
  /** The sign-in session (`sid`) of a local session token; absent for plain tokens. */
  sessionId?: string;
  /** Its `iat` (seconds), when it has one. */
  issuedAt?: number;
  /** When the user's account was last deleted, if ever: the token was issued after that. */
  accountDeletedAt?: Date;
  /** The token's `name` (else `preferred_username`) claim, when usable: the display name a new user starts with. */
  displayName?: string;
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

// Only asymmetric algorithms: an HS* or `none` token is refused before any key is looked at.
const ASYMMETRIC_ALGORITHMS = [
  'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519',
];

const CLOCK_TOLERANCE_SECONDS = 30;

/** An unknown kid refetches the issuer's keys at most this often, so junk tokens cannot flood the issuer. */
export const JWKS_REFETCH_COOLDOWN_MS = 5_000;

export interface CreateTokenVerifierOptions {
  auth: AuthConfig;
  localKey?: LocalSigningKey;
  fetchImpl?: typeof fetch;
  /** Local mode: whether a session is still active. Without it, a token with a `sid` is refused. */
  sessions?: SessionStateChecker;
  /** Accounts deleted by their owners: tokens issued up to the deletion (or without `iat`) are refused. */
  deletions?: AccountDeletionChecker;
}

/** Session tokens (local `sid`) pass only while their session is active; others as before. */
async function checkSession(verified: VerifiedToken, sessions: SessionStateChecker | undefined): Promise<VerifiedToken> {
  if (verified.sessionId === undefined) return verified;
  if (!sessions || !(await sessions.isActive(verified.sessionId, verified.userId))) {
    throw new TokenRefused('signed out', 'The session of this token has been signed out');
  }
  return verified;
}

/**
 * A token of a deleted account passes only if it was issued after the deletion: `iat` is in whole
 * seconds, so a token issued in the second of the deletion is refused too.
 */
async function checkDeletion(verified: VerifiedToken, deletions: AccountDeletionChecker | undefined): Promise<VerifiedToken> {
  const deletedAt = deletions ? await deletions.deletedAt(verified.userId) : null;
  if (deletedAt === null) return verified;
  if (issuedUpToDeletion(verified.issuedAt, deletedAt)) {
    throw new TokenRefused('account deleted', 'The account of this token has been deleted');
  }
  return { ...verified, accountDeletedAt: deletedAt };
}

export function createTokenVerifier({ auth, localKey, fetchImpl = fetch, sessions, deletions }: CreateTokenVerifierOptions): TokenVerifier {
  const getKey = auth.mode === 'local' ? localKeySet(localKey) : oidcKeySet(auth, fetchImpl);
  const cache = new VerifiedTokenCache<VerifiedToken>();
  return {
    async verify(token) {
      const nowSeconds = Math.floor(Date.now() / 1000);
      const cached = cache.get(token, nowSeconds);
      if (cached) return checkDeletion(await checkSession(cached, sessions), deletions);
      let payload;
      try {
        ({ payload } = await jwtVerify(token, getKey, {
          issuer: auth.issuer,
          audience: auth.audience,
          algorithms: ASYMMETRIC_ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp'],
        }));
      } catch (error) {
        throw new TokenRefused(refusalReasonOf(error));
      }
      if (!isAcceptableUserId(payload.sub)) throw new TokenRefused('no usable subject', 'The bearer token has no usable subject');
      const acceptedUntil = (payload.exp as number) + CLOCK_TOLERANCE_SECONDS;
      const verified: VerifiedToken = { userId: payload.sub, expiresAt: new Date(acceptedUntil * 1000) };
      if (typeof payload.iat === 'number') verified.issuedAt = payload.iat;
      const displayName = displayNameFromClaims(payload);
      if (displayName !== undefined) verified.displayName = displayName;
      // Only the local issuer's `sid` names one of our sessions; an OIDC issuer's `sid` is its own business.
      if (auth.mode === 'local' && payload.sid !== undefined) {
        if (typeof payload.sid !== 'string' || payload.sid.length === 0 || payload.sid.length > 255) {
          throw new TokenRefused('invalid claims', 'The bearer token has an unusable session id');
        }
        verified.sessionId = payload.sid;
      }
      cache.set(token, verified, (payload.nbf ?? 0) - CLOCK_TOLERANCE_SECONDS, acceptedUntil);
      return checkDeletion(await checkSession(verified, sessions), deletions);
    },
  };
}

function localKeySet(localKey: LocalSigningKey | undefined): JWTVerifyGetKey {
  if (!localKey) throw new Error('local auth mode needs the local signing key');
  return createLocalJWKSet({ keys: [localKey.publicJwk] });
}

/**
 * The issuer's key set, found through AUTH_JWKS_URL or OpenID discovery. Discovery happens on the first
 * token, not at start-up, and is retried on the next token if it failed; jose caches the keys and
 * refetches them when a token names an unknown `kid`.
 */
function oidcKeySet(auth: AuthConfig, fetchImpl: typeof fetch): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const resolveKeySet = async (): Promise<JWTVerifyGetKey> => {
    const jwksUrl = auth.jwksUrl ?? (await discoverJwksUrl(auth.issuer, fetchImpl));
    return createRemoteJWKSet(jwksUrl, { cooldownDuration: JWKS_REFETCH_COOLDOWN_MS, cacheMaxAge: 10 * 60_000 });
  };
  return async (header, token) => {
    keySet ??= resolveKeySet().catch((error: unknown) => {
      keySet = undefined;
      throw error;
    });
    return (await keySet)(header, token);
  };
}

async function discoverJwksUrl(issuer: string, fetchImpl: typeof fetch): Promise<URL> {
  const base = issuer.endsWith('/') ? issuer : `${issuer}/`;
  const response = await fetchImpl(new URL('.well-known/openid-configuration', base), {
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`OpenID discovery at ${issuer} answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown };
  if (typeof document.jwks_uri !== 'string') throw new Error(`OpenID discovery at ${issuer} has no jwks_uri`);
  return new URL(document.jwks_uri);
}
