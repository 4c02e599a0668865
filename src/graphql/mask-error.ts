import { GraphQLError } from 'graphql';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';

/** extensions.code for an AppError: the catalogue's HTTP status says which kind of failure it is. */
export function graphqlCodeFor(error: AppError): string {
  if (error.code === 'graphql/too_complex') return 'QUERY_TOO_COMPLEX';
  if (error.status === 401) return 'UNAUTHENTICATED';
  if (error.status === 404) return 'NOT_FOUND';
  if (error.status >= 500) return 'INTERNAL_SERVER_ERROR';
  return 'BAD_USER_INPUT';
}

/**
 * Yoga's error masking, the one place AppErrors become GraphQL errors: a 4xx keeps its message and gets
 * `extensions.code` (and `reason`, the catalogue code); anything else is logged and shown as
 * "Internal server error" only. GraphQL's own errors (syntax, validation, variables) pass unchanged.
 */
export function createErrorMasker(logger: Logger) {
  return (error: unknown): Error => {
    const graphqlError = error instanceof GraphQLError ? error : undefined;
    const original = graphqlError?.originalError ?? error;
    if (original instanceof AppError && original.status < 500) {
      return new GraphQLError(original.message, {
        nodes: graphqlError?.nodes,
        path: graphqlError?.path,
        extensions: {
          code: graphqlCodeFor(original),
          reason: original.code,
          ...(original.status === 401 ? { http: { status: 401, headers: { 'www-authenticate': 'Bearer' } } } : {}),
        },
      });
    }
    if (original instanceof GraphQLError) return original;
    logger.error({ err: original, path: graphqlError?.path }, 'graphql resolver failed');
    return new GraphQLError('Internal server error', {
      nodes: graphqlError?.nodes,
      path: graphqlError?.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  };
}
