import type { ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';

/** The event id behind a subscription's latest result, per request (filled in by the resolvers' feed). */
export type DeliveredEvent = { eventId?: string };

const PING_INTERVAL_MS = 12_000;

/**
 * Subscriptions over SSE with an `id:` line per event (the event id, as in the payload's `id`), so an
 * EventSource that reconnects sends it back as Last-Event-ID and resumes where it stopped. Yoga's own
 * writer has no ids; this one replaces it for event streams and otherwise writes what it writes: a
 * comment line at once and every 12 s (keeps proxies from timing the stream out), `event: next` per
 * result, `event: complete` at the end (the GraphQL over SSE "distinct connections" format).
 */
export function useSseEventIds(deliveredOf: (request: Request) => DeliveredEvent | undefined): Plugin {
  return {
    onResultProcess({ request, result, resultProcessor, setResultProcessor }) {
      // Yoga has chosen its SSE writer: the only one it uses for a stream of results.
      if (!resultProcessor || !isAsyncIterable(result)) return;
      const delivered = deliveredOf(request);
      setResultProcessor((stream, fetchAPI) => writeEventStream(stream as AsyncIterable<ExecutionResult>, fetchAPI, delivered), 'text/event-stream');
    },
  };
}

function writeEventStream(
  results: AsyncIterable<ExecutionResult>,
  fetchAPI: { Response: typeof Response; ReadableStream: typeof ReadableStream; TextEncoder: typeof TextEncoder },
  delivered: DeliveredEvent | undefined,
): Response {
  const encoder = new fetchAPI.TextEncoder();
  const iterator = results[Symbol.asyncIterator]();
  let ping: NodeJS.Timeout | undefined;
  let lastId: string | undefined;
  const body = new fetchAPI.ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(':\n\n'));
      ping = setInterval(() => {
        if (controller.desiredSize === null) clearInterval(ping);
        else if (controller.desiredSize > 0) controller.enqueue(encoder.encode(':\n\n'));
      }, PING_INTERVAL_MS);
    },
    async pull(controller) {
      try {
        const step = await iterator.next();
        if (!step.done) {
          const id = delivered?.eventId;
          const idLine = id !== undefined && id !== lastId ? `id: ${id}\n` : '';
          lastId = id;
          controller.enqueue(encoder.encode(`${idLine}event: next\ndata: ${JSON.stringify(withoutInternals(step.value))}\n\n`));
          return;
        }
        clearInterval(ping);
        controller.enqueue(encoder.encode('event: complete\ndata:\n\n'));
        controller.close();
      } catch (error) {
        clearInterval(ping);
        controller.error(error);
      }
    },
    async cancel() {
      clearInterval(ping);
      await iterator.return?.();
    },
  });
  return new fetchAPI.Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', connection: 'keep-alive', 'cache-control': 'no-cache', 'content-encoding': 'none' },
  });
}

/** Error extensions meant for the transport (`http`) stay on the server, as in Yoga's own writers. */
function withoutInternals(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  return {
    ...result,
    errors: result.errors.map((error) => {
      const { http: _http, ...extensions } = (error.extensions ?? {}) as Record<string, unknown>;
      return { ...error.toJSON(), extensions: Object.keys(extensions).length > 0 ? extensions : undefined } as never;
    }),
  };
}
