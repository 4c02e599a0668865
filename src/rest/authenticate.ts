import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { createContext, type ContextDeps, type ServiceContext } from '../context.js';
import { unauthenticated } from '../errors.js';
import type { UserDirectory } from '../users/user-directory.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that answer without a bearer token (health, keys, the OpenAPI document). */
    public?: boolean;
  }
  interface FastifyRequest {
    caller: ServiceContext;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export interface AuthenticateDeps {
  verifier: TokenVerifier;
  users: UserDirectory;
  context: ContextDeps;
}

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined) throw unauthenticated('Missing bearer token in the Authorization header');
  const match = BEARER.exec(header);
  if (!match?.[1]) throw unauthenticated('The Authorization header must be "Bearer <token>"');
  return match[1];
}

/** Every route needs a valid bearer token unless its config says it is public. */
export function installAuthentication(app: FastifyInstance, deps: AuthenticateDeps): void {
  app.decorateRequest('caller', null as unknown as ServiceContext);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    const { userId } = await deps.verifier.verify(bearerToken(request));
    await deps.users.ensureUser(userId);
    request.caller = createContext({ ...deps.context, logger: request.log }, userId);
  });
}
