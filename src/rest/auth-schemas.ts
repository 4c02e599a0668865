import { OIDC_SCOPES } from '../auth/auth-client-config.js';

/** Sign-in bodies are small; anything larger is refused (413) before it is parsed. */
export const AUTH_BODY_LIMIT_BYTES = 8 * 1024;

const SECRET_MAX_LENGTH = 512;

export const tokenResponseSchema = {
  $id: 'TokenResponse',
  type: 'object',
  description: 'An OAuth 2 token response (RFC 6749 §5.1), plus the session id. Sent with `Cache-Control: no-store`.',
  required: ['access_token', 'token_type', 'expires_in', 'refresh_token', 'session_id'],
  properties: {
    access_token: { type: 'string', description: 'A bearer token (JWT with a `sid` claim) for every API call' },
    token_type: { type: 'string', enum: ['Bearer'] },
    expires_in: { type: 'integer', description: 'Seconds the access token is accepted (SESSION_ACCESS_TTL)' },
    refresh_token: {
      type: 'string',
      description: 'Single use: POST it to /auth/token for new tokens. Presenting it a second time revokes the session.',
    },
    session_id: { type: 'string', description: 'The session, as listed by the GraphQL `sessions` query' },
  },
} as const;

export const exchangeBodySchema = {
  type: 'object',
  required: ['code'],
  properties: {
    code: {
      type: 'string',
      minLength: 1,
      maxLength: SECRET_MAX_LENGTH,
      description: 'The `code` from the fragment of a link printed by `tickler login` (single use, valid 10 minutes)',
    },
  },
} as const;

const tokenRequestSchema = {
  type: 'object',
  required: ['grant_type'],
  properties: {
    grant_type: { type: 'string', maxLength: 100, description: 'Only `refresh_token`' },
    refresh_token: { type: 'string', minLength: 1, maxLength: SECRET_MAX_LENGTH },
  },
} as const;

/** Form (as OAuth 2 clients send it) or JSON, the same fields either way. */
export const tokenBodySchema = {
  content: {
    'application/x-www-form-urlencoded': { schema: tokenRequestSchema },
    'application/json': { schema: tokenRequestSchema },
  },
} as const;

export const authConfigSchema = {
  $id: 'AuthClientConfig',
  type: 'object',
  required: ['mode', 'capabilities'],
  description:
    '`local`: sign in with a link from `tickler login`. `oidc`: Authorization Code with PKCE at `issuer` with `clientId` ' +
    '(null when AUTH_CLIENT_ID is unset), asking for `scopes`; the issuer’s access token (audience `audience`) is the bearer token. ' +
    '`capabilities` says what this deployment can do, so a client offers only what works.',
  properties: {
    mode: { type: 'string', enum: ['local', 'oidc'] },
    capabilities: {
      type: 'object',
      required: ['voice', 'push', 'email'],
      additionalProperties: false,
      properties: {
        voice: { type: 'boolean', description: 'Voice notes can be captured (an AI provider transcribes them: OPENAI_API_KEY)' },
        push: { type: 'boolean', description: 'Reminders can be pushed to devices (PUSH_CONTACT is set)' },
        email: { type: 'boolean', description: 'Reminders and the daily digest can be mailed (SMTP_URL is set)' },
      },
    },
    issuer: { type: 'string' },
    clientId: { type: ['string', 'null'] },
    scopes: { type: 'string', examples: [OIDC_SCOPES] },
    audience: { type: 'string' },
  },
} as const;

export const authSchemas = [tokenResponseSchema, authConfigSchema];
