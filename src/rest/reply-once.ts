import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerOnce, type StoredAnswer } from '../idempotency/answer-once.js';
import { readIdempotencyKey, requestFingerprint } from '../idempotency/idempotency-key.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers once per Idempotency-Key (see replyOnce); the OpenAPI document says so. */
    idempotent?: boolean;
  }
}

function send(reply: FastifyReply, answer: StoredAnswer, replayed: boolean): FastifyReply {
  if (answer.location) reply.header('location', answer.location);
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

/**
 * Answers a create once per `Idempotency-Key`: without the header `create` simply runs; with it, a retry
 * of the same request (same operation, body and query) within 24 hours gets the first answer again with
 * `Idempotent-Replayed: true`, and nothing is created twice.
 */
export async function replyOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  create: () => Promise<StoredAnswer>,
  /** What a retry must repeat, when it is not the parsed body (an upload). */
  input: unknown = { body: request.body ?? null, query: request.query ?? null },
): Promise<FastifyReply> {
  const key = readIdempotencyKey(request.headers['idempotency-key']);
  if (key === undefined) return send(reply, await create(), false);
  const fingerprint = requestFingerprint(operation, input);
  const { answer, replayed } = await answerOnce(request.caller, { userId: request.caller.userId, key, fingerprint }, create);
  return send(reply, answer, replayed);
}
