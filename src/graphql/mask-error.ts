import { GraphQLError } from 'graphql';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';

/** extensions.code for an AppError: the catalogue's HTTP status says which kind of failure it is. */
export function graphqlCodeFor(error: AppError): string {
  if (error.code === 'graphql/too_complex') return 'QUERY_TOO_COMPLEX';
  switch (error.status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'UNPROCESSABLE_CONTENT';
  }
  if (error.status >= 500) return 'INTERNAL_SERVER_ERROR';
  return 'BAD_USER_INPUT';
}

/**
 * Yoga refuses a request body over `maxRequestBodySize` with its own code (from Content-Length), or,
 * when the multipart body is cut off while streaming, with only its message naming the cause. Callers
 * get the catalogue's code either way, as for a file over its kind's limit, and a 413 status.
 */
function fromYoga(error: GraphQLError): AppError | undefined {
  const code = error.extensions.code;
  if (code === 'REQUEST_ENTITY_TOO_LARGE' || (code === 'BAD_REQUEST' && error.message.endsWith('Request body too large'))) {
    return new AppError('request/body_too_large', 413, 'The request body is larger than the largest accepted upload (25 MiB)');
  }
  return undefined;
}

/**
 * Yoga's error masking, the one place AppErrors become GraphQL errors: a 4xx keeps its message and gets
 * `extensions.code` (and `reason`, the catalogue code); anything else is logged and shown as
 * "Internal server error" only. GraphQL's own errors (syntax, validation, variables) pass unchanged.
 */
export function createErrorMasker(logger: Logger) {
  return (error: unknown): Error => {
    const graphqlError = error instanceof GraphQLError ? error : undefined;
    const yogaError = graphqlError && !graphqlError.originalError ? fromYoga(graphqlError) : undefined;
    const original = yogaError ?? graphqlError?.originalError ?? error;
    if (original instanceof AppError && original.status < 500) {
      // A refusal of the request itself (not of one field) keeps its HTTP status.
      const status = original.status === 401 || yogaError ? original.status : undefined;
      return new GraphQLError(original.message, {
        nodes: graphqlError?.nodes,
        path: graphqlError?.path,
        extensions: {
          code: graphqlCodeFor(original),
          reason: original.code,
          ...(status === undefined ? {} : { http: { status, ...(status === 401 ? { headers: { 'www-authenticate': 'Bearer' } } : {}) } }),
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
