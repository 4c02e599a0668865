import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBearerToken } from '../auth/bearer-token.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { createContext, type ContextDeps, type ServiceContext } from '../context.js';
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

export interface AuthenticateDeps {
  verifier: TokenVerifier;
  users: UserDirectory;
  context: ContextDeps;
}

export function bearerToken(request: FastifyRequest): string {
  return parseBearerToken(request.headers.authorization);
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
