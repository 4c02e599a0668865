import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthClientConfig } from '../../auth/auth-client-config.js';
import { sessionsUnavailable, unsupportedGrantType } from '../../auth/auth-errors.js';
import { exchangeLoginCode } from '../../auth/exchange-login-code.js';
import { refreshSession } from '../../auth/refresh-session.js';
import { revokeCurrentSession } from '../../auth/revoke-session.js';
import type { SessionDeps } from '../../auth/session-deps.js';
import type { SessionTokens } from '../../auth/session-tokens.js';
import { invalidRequest } from '../../errors.js';
import {
  AUTH_BODY_LIMIT_BYTES,
  authSchemas,
  exchangeBodySchema,
  tokenBodySchema,
} from '../auth-schemas.js';
import { requireMediaType } from '../require-media-type.js';

export interface SignInRouteDeps {
  signIn: {
    /** Local issuer mode: the session services. Undefined with AUTH_ISSUER (people sign in at the issuer). */
    sessions: SessionDeps | undefined;
    /** What GET /auth/config answers. */
    clientConfig: AuthClientConfig;
  };
}

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Missing or malformed field; unknown, used or expired code; unknown, spent, expired or revoked refresh token; unsupported grant_type',
  401: 'Missing, invalid or revoked bearer token',
  413: `Body larger than ${AUTH_BODY_LIMIT_BYTES / 1024} KiB`,
  415: 'Content-Type not accepted here',
  429: 'Over a rate limit; Retry-After says when to try again',
};

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, { description: ERROR_MEANINGS[status], $ref: 'Error#' }]));

/** RFC 6749 §5.1: token responses must not be stored by any cache. */
function sendTokens(reply: FastifyReply, tokens: SessionTokens) {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({
    access_token: tokens.accessToken,
    token_type: tokens.tokenType,
    expires_in: tokens.expiresIn,
    refresh_token: tokens.refreshToken,
    session_id: tokens.sessionId,
  });
}

/** `a=1&b=2` into an object of strings; a repeated field is refused (RFC 6749 §3.2). */
function parseForm(_request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void) {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, name)) return done(invalidRequest(`The field "${name}" is repeated`));
    fields[name] = value;
  }
  done(null, fields);
}

/** Sign-in: links from `tickler login` become sessions with rotating refresh tokens. */
export function signInRoutes(deps: SignInRouteDeps) {
  const sessions = (): SessionDeps => {
    if (!deps.signIn.sessions) throw sessionsUnavailable();
    return deps.signIn.sessions;
  };
  return async (app: FastifyInstance): Promise<void> => {
    for (const schema of authSchemas) app.addSchema(schema);
    // Only these routes take forms; everywhere else a form is still 415.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseForm);

    app.post<{ Body: { code: string } }>(
      '/auth/exchange',
      {
        config: { public: true },
        bodyLimit: AUTH_BODY_LIMIT_BYTES,
        onRequest: requireMediaType('application/json'),
        schema: {
          operationId: 'exchangeLoginCode',
          summary: 'Exchange a sign-in code for a session',
          description: 'Spends the code (single use) and starts a session: an access token and a refresh token.',
          tags: ['auth'],
          security: [],
          body: exchangeBodySchema,
          response: { 200: { description: 'Signed in', $ref: 'TokenResponse#' }, ...errors(400, 413, 415) },
        },
      },
      async (request, reply) =>
        sendTokens(reply, await exchangeLoginCode(sessions(), { code: request.body.code, userAgent: request.headers['user-agent'] })),
    );

    app.post<{ Body: { grant_type: string; refresh_token?: string } }>(
      '/auth/token',
      {
        config: { public: true },
        bodyLimit: AUTH_BODY_LIMIT_BYTES,
        onRequest: requireMediaType('application/x-www-form-urlencoded', 'application/json'),
        schema: {
          operationId: 'refreshTokens',
          summary: 'Refresh a session’s tokens (OAuth 2 token endpoint)',
          description:
            '`grant_type=refresh_token&refresh_token=…` as a form (or the same fields as JSON). Answers new tokens; the ' +
            'refresh token presented is spent. Presenting a spent refresh token revokes its whole session, except within ' +
            'SESSION_REFRESH_GRACE (30 s) of its rotation while its successor is unused: then that successor is answered again.',
          tags: ['auth'],
          security: [],
          body: tokenBodySchema,
          response: { 200: { description: 'New tokens', $ref: 'TokenResponse#' }, ...errors(400, 413, 415) },
        },
      },
      async (request, reply) => {
        if (request.body.grant_type !== 'refresh_token') throw unsupportedGrantType();
        const refreshToken = request.body.refresh_token;
        if (refreshToken === undefined) throw invalidRequest('refresh_token is required');
        return sendTokens(reply, await refreshSession(sessions(), { refreshToken, userAgent: request.headers['user-agent'] }));
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          operationId: 'logout',
          summary: 'Sign the current session out',
          description:
            'Revokes the session of the bearer token: its refresh token fails at once, its access tokens within a few seconds ' +
            'on every instance. A token without a session (from `tickler token`) answers 400.',
          tags: ['auth'],
          response: { 204: { description: 'Signed out', type: 'null' }, ...errors(400, 401) },
        },
      },
      async (request, reply) => {
        await revokeCurrentSession(request.caller);
        return reply.code(204).send();
      },
    );

    app.get(
      '/auth/config',
      {
        config: { public: true },
        schema: {
          operationId: 'getAuthConfig',
          summary: 'How the web app signs people in',
          description: 'Public: which sign-in mode this deployment uses (local links or an OIDC issuer) and what the client needs for it.',
          tags: ['auth'],
          security: [],
          response: { 200: { description: 'The sign-in mode', $ref: 'AuthClientConfig#' }, ...errors(429) },
        },
      },
      async () => deps.signIn.clientConfig,
    );
  };
}
