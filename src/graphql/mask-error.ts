import { GraphQLError } from 'graphql';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { isStorageUnavailable, STORAGE_RETRY_AFTER_SECONDS, storageUnavailable } from '../db/storage-unavailable.js';

/** extensions.code for an AppError: the catalogue's HTTP status says which kind of failure it is. */
export function graphqlCodeFor(error: AppError): string {
  if (error.code === 'graphql/too_complex') return 'QUERY_TOO_COMPLEX';
  if (error.code === 'graphql/document_too_large') return 'GRAPHQL_PARSE_FAILED';
  if (error.code === 'storage/unavailable') return 'SERVICE_UNAVAILABLE';
  if (error.code === 'events/expired') return 'EVENTS_EXPIRED';
  switch (error.status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 406:
      return 'NOT_ACCEPTABLE';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'UNPROCESSABLE_CONTENT';
    case 429:
      return 'RATE_LIMITED';
  }
  if (error.status >= 500) return 'INTERNAL_SERVER_ERROR';
  return 'BAD_USER_INPUT';
}

/** Refusals of the request itself (not of one field) keep their HTTP status. */
function refusesWholeRequest(error: AppError): boolean {
  return (
    error.status === 401 ||
    error.status === 429 ||
    error.code === 'graphql/document_too_large' ||
    error.code === 'request/not_acceptable'
  );
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
 * graphql-js refuses a request's variables (missing, of the wrong type, refused by a scalar) before
 * anything runs, with no code; they are the caller's input, so they get BAD_USER_INPUT like any other.
 */
function variableRefusal(error: GraphQLError): GraphQLError | undefined {
  if (error.path !== undefined || !/^Variable "\$/.test(error.message)) return undefined;
  return new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code: 'BAD_USER_INPUT' } });
}

/**
 * Yoga reads GET parameters `variables`/`extensions` and multipart `operations`/`map` with JSON.parse
 * and lets its SyntaxError escape bare (not wrapped in a GraphQLError, as anything thrown while
 * executing is): malformed JSON from the caller, a 400.
 */
function malformedParameters(error: unknown): GraphQLError | undefined {
  if (!(error instanceof SyntaxError)) return undefined;
  return new GraphQLError(`Malformed JSON in the request's parameters: ${error.message}`, {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });
}

/**
 * Yoga's error masking, the one place AppErrors become GraphQL errors: a 4xx keeps its message and gets
 * `extensions.code` (and `reason`, the catalogue code); anything else is logged and shown as
 * "Internal server error" only. GraphQL's own errors (syntax, validation) pass unchanged; refused variables get BAD_USER_INPUT.
 */
export function createErrorMasker(logger: Logger) {
  return (error: unknown): Error => {
    const graphqlError = error instanceof GraphQLError ? error : undefined;
    const refusedInput = graphqlError ? variableRefusal(graphqlError) : malformedParameters(error);
    if (refusedInput) return refusedInput;
    const yogaError = graphqlError && !graphqlError.originalError ? fromYoga(graphqlError) : undefined;
    const original = yogaError ?? graphqlError?.originalError ?? error;
    if (original instanceof AppError && original.status < 500) {
      const status = refusesWholeRequest(original) || yogaError ? original.status : undefined;
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
    if (isStorageUnavailable(original) || (original instanceof AppError && original.code === 'storage/unavailable')) {
      // The whole answer is a 503 with Retry-After, as REST's: the client should try again, not give up.
      logger.warn({ err: original, path: graphqlError?.path }, 'storage unavailable');
      const unavailable = storageUnavailable();
      return new GraphQLError(unavailable.message, {
        nodes: graphqlError?.nodes,
        path: graphqlError?.path,
        extensions: {
          code: graphqlCodeFor(unavailable),
          reason: unavailable.code,
          http: { status: 503, headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) } },
        },
      });
    }
    logger.error({ err: original, path: graphqlError?.path }, 'graphql resolver failed');
    return new GraphQLError('Internal server error', {
      nodes: graphqlError?.nodes,
      path: graphqlError?.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  };
}
