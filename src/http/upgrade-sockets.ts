import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

function destroyOnError(this: Duplex): void {
  this.destroy();
}

/**
 * Node stops listening for errors on a socket once it hands it to an 'upgrade' listener; from then on a
 * client that resets the connection makes the socket emit 'error', and an 'error' nobody hears ends the
 * process. Call this first thing in every upgrade listener: the socket is then destroyed on any error,
 * whoever holds it later (ws adds its own listeners, which do the same).
 */
export function takeUpgradeSocket(socket: Duplex): void {
  if (!socket.listeners('error').includes(destroyOnError)) socket.on('error', destroyOnError);
}

/**
 * Answers an upgrade request with a bare status and closes the connection. The socket is destroyed once
 * the answer is handed to the kernel: a server socket is half-open, so `end()` alone would keep it until
 * the client closes its side, which a client that never does would do for ever.
 */
export function refuseUpgrade(socket: Duplex, status: number): void {
  takeUpgradeSocket(socket);
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
