import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../rest/error-handler.js';

/** Longest path parameter the router accepts (an int64 id has 19 digits); longer: 414. */
export const MAX_PATH_PARAMETER_LENGTH = 200;

/**
 * Fastify's refusals before routing (an undecodable URL, an over-long path parameter), in the
 * `{error, message}` shape every other answer has.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, 414, `A path segment is longer than ${MAX_PATH_PARAMETER_LENGTH} characters`);
    return;
  }
  void sendError(reply, 400, error.code === 'FST_ERR_BAD_URL' ? 'The URL is not validly percent-encoded' : 'Malformed request');
}

/** The status and message for a request Node's HTTP parser refused, or that did not arrive in time. */
export function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, message: 'The request did not arrive in time (HTTP_REQUEST_TIMEOUT)' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request line and headers are larger than 16 KiB' };
    default:
      return { status: 400, message: 'Malformed HTTP request' };
  }
}

/**
 * Answers what Node's HTTP parser refuses (malformed requests, an oversized header block) and requests
 * that time out, in the same JSON shape, then closes the connection (it cannot carry another request).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way on this connection cannot be followed by another one.
  const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inProgress?.headersSent) {
    const { status, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify({ error: status, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
