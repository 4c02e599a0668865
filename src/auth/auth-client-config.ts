import type { AuthConfig } from '../config.js';

/** Scopes the web app asks the issuer for: an identity, and a refresh token to stay signed in. */
export const OIDC_SCOPES = 'openid profile offline_access';

/** What this deployment can do, so the app offers only what works (GET /auth/config). */
export interface ServiceCapabilities {
  /** Voice notes can be captured: an AI provider (OPENAI_API_KEY) transcribes them. */
  voice: boolean;
  /** Reminders can be pushed to devices (PUSH_CONTACT is set). */
  push: boolean;
  /** Reminders and the daily digest can be mailed (SMTP_URL is set). */
  email: boolean;
}

/** What the web app needs to know to sign a person in (GET /auth/config), and what the service can do. */
export type AuthClientConfig = { capabilities: ServiceCapabilities } & (
  | { mode: 'local' }
  | {
      mode: 'oidc';
      issuer: string;
      /** AUTH_CLIENT_ID; null when unset (the API takes the issuer's tokens, but the app cannot sign in). */
      clientId: string | null;
      scopes: string;
      /** The audience access tokens must carry (AUTH_AUDIENCE), for issuers that take a `resource` or `audience` parameter. */
      audience: string;
    }
);

export function authClientConfig(auth: AuthConfig, capabilities: ServiceCapabilities): AuthClientConfig {
  if (auth.mode === 'local') return { mode: 'local', capabilities };
  return { mode: 'oidc', issuer: auth.issuer, clientId: auth.clientId ?? null, scopes: OIDC_SCOPES, audience: auth.audience, capabilities };
}
