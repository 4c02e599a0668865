import type { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { parseBearerToken } from './bearer-token.js';
import { TokenRefused } from './token-refusal.js';
import type { TokenVerifier, VerifiedToken } from './token-verifier.js';

/** Who a request says it is: a verified token, or why its token was refused. */
export type Identity = VerifiedToken | { refused: AppError };

/**
 * Verifies a bearer credential once per request or connection; a refused token is logged at info with
 * its reason (so an operator can tell an expired token from a wrong audience) and never with the token.
 */
export async function identifyCaller(verifier: TokenVerifier, header: unknown, where: string, logger: Logger): Promise<Identity> {
  let token: string;
  try {
    token = parseBearerToken(header, where);
  } catch (error) {
    // No credential at all is not a refused token: public routes and anonymous clients send none.
    if (header !== undefined && header !== null) logger.info({ reason: 'malformed', where }, 'token refused');
    return { refused: error as AppError };
  }
  try {
    return await verifier.verify(token);
  } catch (error) {
    if (!(error instanceof TokenRefused)) throw error;
    logger.info({ reason: error.reason, where }, 'token refused');
    return { refused: error };
  }
}
