import { getOperationAST, GraphQLError, Kind, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import { setRateLimitHeaders } from '../http/rate-limit-hook.js';
import type { TransportMetrics } from '../metrics/service-metrics.js';
import type { RateLimiter, RateLimitState } from '../rate-limit/rate-limiter.js';

/**
 * How many root fields the operation's mutation selects: each alias counts (`a: createTask … b:
 * createTask` is two), fields in fragments at the root count where they are spread, `__typename` does
 * not. 0 for a query or a subscription. @skip and @include are not evaluated: a skipped field counts.
 */
export function countRootMutationFields(document: DocumentNode, operationName: string | null | undefined): number {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== 'mutation') return 0;
  const fragments = new Map(
    document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])),
  );
  const spreading = new Set<string>();
  const count = (selections: SelectionSetNode): number => {
    let fields = 0;
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value !== '__typename') fields += 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        fields += count(selection.selectionSet);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // Validation refuses unknown and cyclic fragments; this only keeps the walk finite regardless.
        if (!fragment || spreading.has(name)) continue;
        spreading.add(name);
        fields += count(fragment.selectionSet);
        spreading.delete(name);
      }
    }
    return fields;
  };
  return count(operation.selectionSet);
}

/** The refusal of an operation that would overdraw what is left of its user's budget. */
export function tooManyMutationFields(fields: number, state: RateLimitState, windowSeconds: number): AppError {
  return new AppError(
    'request/rate_limited',
    429,
    `Too many requests: each root mutation field counts as one request, this operation has ${fields} and ` +
      `${state.remaining} are left of ${state.limit} per ${windowSeconds} s; nothing was run, try again in ${state.resetSeconds} s`,
  );
}

export interface MutationBudget {
  limiter: RateLimiter;
  metrics: Pick<TransportMetrics, 'rateLimited'>;
}

/**
 * Charges a mutation's root fields beyond the first to its user's budget (the request or the WebSocket
 * operation carrying it already counted once), all or nothing. Resolves to the refusal when they do not
 * all fit, with the budget as it was; to the budget's state otherwise (null: no budget, or counters down).
 */
export async function chargeMutationFields(
  budget: MutationBudget,
  userId: string,
  fields: number,
): Promise<{ refusal: AppError; state: RateLimitState } | { refusal?: undefined; state: RateLimitState | null }> {
  if (fields <= 1) return { state: null };
  const state = await budget.limiter.take('user', userId, fields - 1);
  if (!state || state.allowed) return { state };
  budget.metrics.rateLimited(state.scope);
  return { refusal: tooManyMutationFields(fields, state, budget.limiter.windowSeconds), state };
}

/** The RateLimit fields and Retry-After of a refusal, as a GraphQL error's extensions.http carries them. */
function refusalHeaders(state: RateLimitState, windowSeconds: number): Record<string, string> {
  return {
    'retry-after': String(state.resetSeconds),
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': String(state.resetSeconds),
    'ratelimit-policy': `${state.limit};w=${windowSeconds}`,
  };
}

interface BudgetContext {
  caller?: { userId: string };
  /** Set for HTTP requests only. */
  reply?: FastifyReply;
}

/**
 * GraphQL over HTTP: charges a mutation's root fields before it executes. Refused, the answer is the
 * usual 429 (RATE_LIMITED, Retry-After and the RateLimit fields) and no field runs.
 */
export function mutationBudgetPlugin(budget: MutationBudget, maskError: (error: unknown) => GraphQLError): Plugin {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as BudgetContext;
      const userId = context.caller?.userId;
      // A WebSocket operation (no reply) is charged where graphql-ws starts it, and refused there with an error message.
      if (!userId || !context.reply) return;
      const fields = countRootMutationFields(args.document, args.operationName);
      const { refusal, state } = await chargeMutationFields(budget, userId, fields);
      if (!state) return;
      if (!refusal) {
        // The answer shows what is left after this operation's fields, not after its first.
        setRateLimitHeaders(context.reply, state, budget.limiter.windowSeconds);
        return;
      }
      const masked = maskError(refusal);
      const http = { status: 429, headers: refusalHeaders(state, budget.limiter.windowSeconds) };
      setResultAndStopExecution({ errors: [new GraphQLError(masked.message, { extensions: { ...masked.extensions, http } })] });
    },
  };
}
