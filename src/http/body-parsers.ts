import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalidRequest } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a request body without declaring it in its schema (GraphQL). */
    readsBody?: boolean;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Whether the route has a body to read: one in its schema, or one it reads itself. */
function takesBody(request: FastifyRequest): boolean {
  return request.routeOptions.schema?.body !== undefined || request.routeOptions.config.readsBody === true;
}

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The host's body parsers:
 * - JSON is decoded as strict UTF-8: bytes that are not UTF-8 are refused (400) instead of being
 *   silently replaced by U+FFFD and stored.
 * - An operation that takes no body (DELETE, GET, POST …/rotate-secret) reads and ignores whatever
 *   it is sent, with any Content-Type, empty or not (many mobile clients send
 *   `Content-Type: application/json` with every request). The body limit still applies.
 * - An empty body is no body: a route that needs one then answers 400 from its schema.
 * - A non-empty body of a type no route reads is 415 in the error shape.
 */
export function installBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done: Done) => {
    if (body.length === 0 || !takesBody(request)) return done(null, undefined);
    let text: string;
    try {
      text = strictUtf8.decode(body);
    } catch {
      return done(invalidRequest('The request body is not valid UTF-8'));
    }
    parseJson(request, text, done);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body: Buffer, done: Done) => {
    if (body.length === 0 || !takesBody(request)) return done(null, undefined);
    done(new AppError('request/unsupported_media_type', 415, `Content-Type ${request.headers['content-type'] ?? '(none)'} is not accepted here`));
  });
}
