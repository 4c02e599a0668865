import { unauthenticated } from '../errors.js';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** The token of an `Authorization: Bearer <token>` value (HTTP header or WebSocket connection params). */
export function parseBearerToken(header: unknown, where = 'the Authorization header'): string {
  if (header === undefined || header === null) throw unauthenticated(`Missing bearer token in ${where}`);
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match?.[1]) throw unauthenticated(`${where[0]!.toUpperCase()}${where.slice(1)} must be "Bearer <token>"`);
  return match[1];
}
