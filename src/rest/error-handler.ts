import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export interface ErrorBody {
  error: number;
  message: string;
}

export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: ErrorBody = { error: status, message };
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Maps every failure to `{error, message}` once; 5xx details go to the log, never to the caller. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
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
