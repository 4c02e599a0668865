import { performance } from 'node:perf_hooks';
import { getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { SubscriptionTransport, TransportMetrics } from '../metrics/service-metrics.js';

function operationOf(document: DocumentNode, operationName: string | null | undefined) {
  const operation = getOperationAST(document, operationName);
  return { name: operation?.name?.value ?? '(anonymous)', type: operation?.operation ?? 'unknown' };
}

/** The extensions.code of each error of one or more results (a batch), for graphql_errors_total. */
export function errorCodesOf(result: unknown): string[] {
  const results = Array.isArray(result) ? result : [result];
  return results.flatMap((one) =>
    ((one as ExecutionResult | undefined)?.errors ?? []).map((error) => String(error.extensions?.code ?? 'UNKNOWN')),
  );
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * GraphQL's share of the metrics, the same for HTTP and WebSocket: how long operations take, by name
 * and type; how many subscriptions are live, by transport (a request behind it: SSE, none: WebSocket);
 * and the codes of the errors in HTTP results (WebSocket results are counted where they are sent).
 */
export function graphqlMetricsPlugin(metrics: TransportMetrics): Plugin {
  return {
    onExecute({ args }) {
      const started = performance.now();
      const { name, type } = operationOf(args.document, args.operationName);
      return { onExecuteDone: () => metrics.graphqlOperationFinished(name, type, seconds(started)) };
    },
    onSubscribe({ args }) {
      const started = performance.now();
      const { name, type } = operationOf(args.document, args.operationName);
      const transport: SubscriptionTransport = (args.contextValue as { req?: unknown }).req ? 'sse' : 'ws';
      return {
        onSubscribeResult({ result }) {
          metrics.graphqlOperationFinished(name, type, seconds(started));
          if (!(Symbol.asyncIterator in result)) return undefined;
          metrics.subscriptionStarted(transport);
          return { onEnd: () => metrics.subscriptionEnded(transport) };
        },
      };
    },
    onResultProcess({ result }) {
      const codes = errorCodesOf(result);
      if (codes.length > 0) metrics.graphqlErrors(codes);
    },
  };
}
