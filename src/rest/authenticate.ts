import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identifyCaller, type Identity } from '../auth/identify-caller.js';
import { parseBearerToken } from '../auth/bearer-token.js';
import type { TokenVerifier, VerifiedToken } from '../auth/token-verifier.js';
import { createContext, type ContextDeps, type ServiceContext } from '../context.js';
import { unauthenticated } from '../errors.js';
import type { UserDirectory } from '../users/user-directory.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that answer without a bearer token (health, keys, the OpenAPI document). */
    public?: boolean;
    /** Routes that sign in with HTTP Basic and an app password instead (CalDAV, /dav/): no bearer token is read. */
    basicAuth?: boolean;
  }
  interface FastifyRequest {
    caller: ServiceContext;
    /** The request's bearer token, verified once: undefined when it sent none. */
    identity: Identity | undefined;
  }
}

export interface AuthenticateDeps {
  verifier: TokenVerifier;
  users: UserDirectory;
  context: ContextDeps;
}

export function bearerToken(request: FastifyRequest): string {
  return parseBearerToken(request.headers.authorization);
}

/**
 * Identifies every request that carries a token (the rate limits and the request log need the user
 * even on public routes such as /graphql, which authenticates itself), before any route-level hook.
 */
export function installIdentification(app: FastifyInstance, verifier: TokenVerifier): void {
  app.decorateRequest('identity', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (request.routeOptions.config?.basicAuth) return;
    if (header !== undefined) request.identity = await identifyCaller(verifier, header, 'the Authorization header', request.log);
  });
}

/** The verified user of an identity, or the 401 to answer. */
export function requireUser(identity: Identity | undefined): VerifiedToken {
  if (identity === undefined) throw unauthenticated('Missing bearer token in the Authorization header');
  if ('refused' in identity) throw identity.refused;
  return identity;
}

/** Every route needs a valid bearer token unless its config says it is public. */
export function installAuthentication(app: FastifyInstance, deps: AuthenticateDeps): void {
  app.decorateRequest('caller', null as unknown as ServiceContext);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    const { userId, sessionId, accountDeletedAt, displayName } = requireUser(request.identity);
    await deps.users.ensureUser(userId, accountDeletedAt, displayName);
    request.caller = createContext({ ...deps.context, logger: request.log }, userId, sessionId);
  });
}
