import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { isStorageUnavailable, STORAGE_RETRY_AFTER_SECONDS, storageUnavailable } from '../db/storage-unavailable.js';

export interface ErrorBody {
  error: number;
  message: string;
}

export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: ErrorBody = { error: status, message };
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * A failure of the storage (not of the request) as the caller sees it: 503 with Retry-After, or
 * undefined for any other error. The cause goes to the log.
 */
export function asStorageUnavailable(error: unknown, log: FastifyRequest['log']): AppError | undefined {
  if (error instanceof AppError && error.code === 'storage/unavailable') return error;
  if (error instanceof AppError && error.status < 500) return undefined;
  if (!isStorageUnavailable(error)) return undefined;
  log.warn({ err: error }, 'storage unavailable');
  return storageUnavailable();
}

/** Maps every failure to `{error, message}` once; 5xx details go to the log, never to the caller. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const unavailable = asStorageUnavailable(error, request.log);
    if (unavailable) {
      reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
      return sendError(reply, unavailable.status, unavailable.message);
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'service error');
      return sendError(reply, error.status, error.status >= 500 ? 'Internal server error' : error.message);
    }
    const status = error.statusCode ?? 500;
    if (error.validation || (status >= 400 && status < 500)) {
      return sendError(reply, error.validation ? 400 : status, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'Internal server error');
  });
}
