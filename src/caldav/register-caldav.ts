import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { createAppPasswordAuthenticator } from '../app-passwords/authenticate-app-password.js';
import { STORAGE_RETRY_AFTER_SECONDS } from '../db/storage-unavailable.js';
import { AppError } from '../errors.js';
import { asStorageUnavailable } from '../rest/error-handler.js';
import { davAuthentication, type DavAuthDeps } from './authenticate-dav.js';
import { davErrorBody, DavError } from './dav-errors.js';
import { dav } from './dav-namespaces.js';
import { DAV_BODY_LIMIT_BYTES } from './dav-properties.js';
import type { DavHandlerDeps } from './dav-request.js';
import { handleDavRequest } from './handle-dav-request.js';


/** Methods Fastify does not route by default; each may carry a body. */
const EXTRA_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCALENDAR', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'];
const DAV_METHODS = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', 'POST', ...EXTRA_METHODS] as HTTPMethods[];

export type CaldavDeps = Omit<DavAuthDeps, 'appPasswords'> & Omit<DavHandlerDeps, 'context'>;

function sendDavError(reply: FastifyReply, status: number, message: string, condition?: string): FastifyReply {
  return reply.code(status).type('application/xml; charset=utf-8').send(davErrorBody(message, condition));
}

/** Every failure under /dav/ as a DAV error body (RFC 4918 16): the condition broken, if any, and a message. */
function answerDavError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const unavailable = asStorageUnavailable(error, request.log);
  if (unavailable) return sendDavError(reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS)), 503, unavailable.message);
  if (error instanceof AppError) {
    if (error.status >= 500) {
      request.log.error({ err: error }, 'service error');
      return sendDavError(reply, error.status, 'Internal server error');
    }
    // A role that falls short (a viewer writing): RFC 3744's need-privileges.
    const condition = error instanceof DavError ? error.condition : error.code === 'lists/forbidden' ? dav('need-privileges') : undefined;
    return sendDavError(reply, error.status, error.message, condition);
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return sendDavError(reply, 413, `The request body is larger than ${DAV_BODY_LIMIT_BYTES / 1024} KiB`);
  if (status >= 400 && status < 500) return sendDavError(reply, status, error.message);
  request.log.error({ err: error }, 'unhandled error');
  return sendDavError(reply, 500, 'Internal server error');
}

/**
 * The CalDAV transport (RFC 4791 over WebDAV): `/.well-known/caldav` and everything under `/dav/`,
 * signed in with HTTP Basic and an app password. Like src/rest it only maps requests to the task
 * services and their answers and errors back.
 */
export async function registerCaldav(app: FastifyInstance, deps: CaldavDeps): Promise<void> {
  for (const method of EXTRA_METHODS) app.addHttpMethod(method, { hasBody: true, overrideExisting: true });
  const appPasswords = createAppPasswordAuthenticator(deps.context);

  // RFC 6764 5: a client given only the server's name finds the service here.
  app.route({
    method: ['GET', 'HEAD', 'PROPFIND', 'OPTIONS'] as HTTPMethods[],
    url: '/.well-known/caldav',
    exposeHeadRoute: false,
    config: { public: true },
    schema: { hide: true },
    handler: (_request, reply) => reply.code(301).header('location', '/dav/').send(),
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: DAV_BODY_LIMIT_BYTES }, (_request, body, done) =>
      done(null, (body as Buffer).length === 0 ? undefined : body),
    );
    scope.setErrorHandler(answerDavError);
    scope.addHook('onRequest', davAuthentication({ ...deps, appPasswords }));
    const handler = handleDavRequest({ ...deps });
    for (const url of ['/dav', '/dav/*', '/']) {
      scope.route({
        // `/` is the web app's; only PROPFIND there is CalDAV (a client given the bare server URL).
        method: url === '/' ? 'PROPFIND' : DAV_METHODS,
        url,
        exposeHeadRoute: false,
        bodyLimit: DAV_BODY_LIMIT_BYTES,
        config: { public: true, basicAuth: true, rateLimit: false },
        schema: { hide: true },
        handler,
      });
    }
  });
}
