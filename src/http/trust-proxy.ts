import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config.js';

export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as a function of (address, hop), as Fastify and proxy-addr take it. A hop count trusts
 * that many nearest proxies whatever their address (Fastify alone would trust none for a number).
 */
export function trustFunction(trust: TrustProxy): TrustFunction {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** The client's address of a raw request (a WebSocket upgrade), believing only trusted proxies. */
export function clientAddress(request: IncomingMessage, trust: TrustFunction): string {
  return proxyAddr(request, trust);
}
