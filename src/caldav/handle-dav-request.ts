import type { FastifyReply, FastifyRequest } from 'fastify';
import { deleteCollection, mkcalendar, proppatch } from './collection-methods.js';
import { davError, davNotFound } from './dav-errors.js';
import { parseDavPath, type DavResource } from './dav-paths.js';
import type { DavHandlerDeps, DavRequest } from './dav-request.js';
import { deleteObject, getObject, putObject } from './object-methods.js';
import { propfind } from './propfind.js';
import { report } from './report.js';

/** The DAV compliance classes (RFC 4918 18, RFC 4791 5.1). */
export const DAV_COMPLIANCE = '1, 3, calendar-access';
export const ALLOWED_METHODS = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR';

type MethodHandler = (dav: DavRequest, deps: DavHandlerDeps) => Promise<unknown>;

async function options({ reply }: DavRequest): Promise<unknown> {
  return reply.code(200).header('dav', DAV_COMPLIANCE).header('allow', ALLOWED_METHODS).header('content-length', '0').send();
}

const HANDLERS: Record<string, MethodHandler> = {
  OPTIONS: options,
  PROPFIND: propfind,
  GET: getObject,
  HEAD: getObject,
  PUT: putObject,
  DELETE: (dav, deps) => (dav.resource.kind === 'collection' ? deleteCollection(dav) : deleteObject(dav, deps)),
  PROPPATCH: proppatch,
  MKCALENDAR: mkcalendar,
  REPORT: report,
};

/** Resolves the path (a resource of another user is not found, exactly like a missing one) and runs the method. */
export function handleDavRequest(deps: DavHandlerDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    // A client given the bare server URL asks `/` first: it is answered as the root.
    const resource = request.url.split('?')[0] === '/' ? ({ kind: 'root' } as const) : parseDavPath(request.url);
    if (resource === null) throw davNotFound();
    if (resource.kind !== 'root' && resource.userId !== request.caller.userId) throw davNotFound();
    const handler = HANDLERS[request.method];
    if (!handler) {
      reply.header('allow', ALLOWED_METHODS);
      throw davError(405, 'request/method_not_allowed', `${request.method} is not supported here`);
    }
    return handler({ caller: request.caller, resource, body: request.body as Buffer | undefined, request, reply }, deps);
  };
}
