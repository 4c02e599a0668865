import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Event-loop turns that read every byte that had reached the service when the drain began: the first lets
 * the poll phase that began the drain finish its batch, the second polls every open socket (and accepts
 * the connections waiting in the backlog), the third reads what those had sent.
 */
const TURNS_TO_READ_WHAT_ARRIVED = 3;

/**
 * At shutdown, closes the connections that carry no request, after reading what had arrived on them.
 *
 * A request can be in the kernel's buffer of a connection Node still counts as idle (a keep-alive one
 * between requests, or one accepted but not yet read): the event loop had not come round to it when the
 * drain began. Destroying such a socket answers that request with a reset, so the drain first lets the
 * loop read; a request read is served (with Connection: close) like any other in flight.
 *
 * Connections that never carried a request are closed here too: Node's server.close() counts them as
 * busy until its headers timeout (a minute). One that has sent part of a request is not idle: it is
 * served if it completes the request before SHUTDOWN_TIMEOUT.
 *
 * Install after every preClose hook that ends live streams, so it closes what those leave idle.
 */
export function installIdleConnectionClosing(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));

  app.addHook('preClose', async () => {
    for (let turn = 0; turn < TURNS_TO_READ_WHAT_ARRIVED; turn++) await nextTurn();
    app.server.closeIdleConnections();
    for (const socket of unused) if (socket.bytesRead === 0) socket.destroy();
  });
}
