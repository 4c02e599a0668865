import type { AuthConfig } from '../config.js';

/** Scopes the web app asks the issuer for: an identity, and a refresh token to stay signed in. */
export const OIDC_SCOPES = 'openid profile offline_access';

/** What the web app needs to know to sign a person in (GET /auth/config). */
export type AuthClientConfig =
  | { mode: 'local' }
  | {
      mode: 'oidc';
      issuer: string;
      /** AUTH_CLIENT_ID; null when unset (the API takes the issuer's tokens, but the app cannot sign in). */
      clientId: string | null;
      scopes: string;
      /** The audience access tokens must carry (AUTH_AUDIENCE), for issuers that take a `resource` or `audience` parameter. */
      audience: string;
    };

export function authClientConfig(auth: AuthConfig): AuthClientConfig {
  if (auth.mode === 'local') return { mode: 'local' };
  return { mode: 'oidc', issuer: auth.issuer, clientId: auth.clientId ?? null, scopes: OIDC_SCOPES, audience: auth.audience };
}
