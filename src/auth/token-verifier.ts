import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AuthConfig } from '../config.js';
import { unauthenticated } from '../errors.js';
import type { LocalSigningKey } from './local-signing-key.js';
import { isAcceptableUserId } from './user-id.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

export interface VerifiedToken {
  userId: string;
  /** From this instant on the token is refused (its `exp`, plus the clock tolerance). */
  expiresAt: Date;
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
}

export function createTokenVerifier({ auth, localKey, fetchImpl = fetch }: CreateTokenVerifierOptions): TokenVerifier {
  const getKey = auth.mode === 'local' ? localKeySet(localKey) : oidcKeySet(auth, fetchImpl);
  const cache = new VerifiedTokenCache();
  return {
    async verify(token) {
      const nowSeconds = Math.floor(Date.now() / 1000);
      const cached = cache.get(token, nowSeconds);
      if (cached) return cached;
      let payload;
      try {
        ({ payload } = await jwtVerify(token, getKey, {
          issuer: auth.issuer,
          audience: auth.audience,
          algorithms: ASYMMETRIC_ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp'],
        }));
      } catch {
        throw unauthenticated('The bearer token is invalid or expired');
      }
      if (!isAcceptableUserId(payload.sub)) throw unauthenticated('The bearer token has no usable subject');
      const acceptedUntil = (payload.exp as number) + CLOCK_TOLERANCE_SECONDS;
      const verified = { userId: payload.sub, expiresAt: new Date(acceptedUntil * 1000) };
      cache.set(token, verified, (payload.nbf ?? 0) - CLOCK_TOLERANCE_SECONDS, acceptedUntil);
      return verified;
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
