import { answerOnce } from '../idempotency/answer-once.js';
import { readIdempotencyKey, requestFingerprint } from '../idempotency/idempotency-key.js';
import type { GraphqlContext } from './graphql-context.js';

export const IDEMPOTENCY_KEY_ARG_DESCRIPTION =
  'Makes retries safe (or send the Idempotency-Key header): the same key with the same input within 24 hours returns ' +
  'what the first request created and creates nothing; another input is UNPROCESSABLE_CONTENT, a first request still ' +
  'running CONFLICT. 1 to 255 visible ASCII characters.';

export interface CreateOnce<T> {
  /** The mutation's name and input: a retry must send the same. */
  operation: string;
  input: unknown;
  create: () => Promise<T>;
  /** What is kept of the result (JSON), and how a replay gets the result back from it. */
  remember: (created: T) => unknown;
  recall: (kept: unknown) => Promise<T>;
}

/** A create mutation run once per Idempotency-Key (argument, else header), like REST's replyOnce. */
export async function createOnce<T>(ctx: GraphqlContext, argument: string | null | undefined, mutation: CreateOnce<T>): Promise<T> {
  const key = readIdempotencyKey(argument ?? ctx.idempotencyKey);
  if (key === undefined) return mutation.create();
  let created: { value: T } | undefined;
  const fingerprint = requestFingerprint(`graphql:${mutation.operation}`, mutation.input);
  const { answer } = await answerOnce(ctx.caller, { userId: ctx.caller.userId, key, fingerprint }, async () => {
    created = { value: await mutation.create() };
    return { status: 200, body: JSON.stringify(mutation.remember(created.value)) };
  });
  return created ? created.value : mutation.recall(JSON.parse(answer.body));
}
