import type { FastifyInstance } from 'fastify';
import type { GraphQLError } from 'graphql';
import { AppError } from '../errors.js';

const MEANINGS: Record<number, AppError> = {
  415: new AppError(
    'request/unsupported_media_type',
    415,
    'Send GraphQL as application/json (or multipart/form-data for uploads), or as GET /graphql?query=…',
  ),
  405: new AppError('request/method_not_allowed', 405, 'Queries may use GET or POST; mutations need POST'),
};

/**
 * Yoga refuses some requests (an unsupported Content-Type, a mutation over GET, ...) with a status and
 * no body. Every refusal on /graphql is a GraphQL error with a code, so an empty one gets a body.
 */
export function fillEmptyRefusals(scope: FastifyInstance, toGraphqlError: (error: AppError) => Promise<GraphQLError>): void {
  scope.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || !(payload === null || payload === undefined || payload === '' || payload === 'null')) return payload;
    const status = reply.statusCode;
    const refusal = MEANINGS[status] ?? new AppError('request/invalid', status, `The request was refused (HTTP ${status})`);
    const { message, extensions } = await toGraphqlError(refusal);
    const { http: _http, ...visible } = extensions as Record<string, unknown>;
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.removeHeader('content-length');
    return JSON.stringify({ errors: [{ message, extensions: visible }] });
  });
}
