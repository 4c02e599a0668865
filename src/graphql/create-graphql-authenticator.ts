import type { Identity } from '../auth/identify-caller.js';
import { parseBearerToken } from '../auth/bearer-token.js';
import { TokenRefused } from '../auth/token-refusal.js';
import { createContext } from '../context.js';
import type { Logger } from '../logger.js';
import { requireUser } from '../rest/authenticate.js';
import type { Authenticate, Authenticated, GraphqlDeps } from './graphql-deps.js';

/**
 * The caller of an identity the host (or the socket's connection_init) verified already. A session
 * token's connection re-checks its credential (`stillValid`) so a signed-out session ends it.
 */
export function createGraphqlAuthenticator(deps: Pick<GraphqlDeps, 'users' | 'verifier' | 'liveConnections' | 'context'>): Authenticate {
  return async (identity: Identity | undefined, credential: unknown, logger: Logger): Promise<Authenticated> => {
    const { userId, expiresAt, sessionId, accountDeletedAt, issuedAt, displayName } = requireUser(identity);
    await deps.users.ensureUser(userId, accountDeletedAt, displayName);
    const recheck = async () => void (await deps.verifier.verify(parseBearerToken(credential)));
    const stillValid = sessionId === undefined ? undefined : () => recheck().then(() => true, () => false);
    const holdLive = (close: () => void) => {
      const release = deps.liveConnections.add({ userId, issuedAt, close });
      // A deletion told between the token's check and now found nothing to close: look once more.
      recheck().catch((error: unknown) => {
        if (error instanceof TokenRefused) close();
      });
      return release;
    };
    return { caller: createContext({ ...deps.context, logger }, userId, sessionId), expiresAt, stillValid, recheck, holdLive };
  };
}
