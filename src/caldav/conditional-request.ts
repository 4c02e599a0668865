import type { FastifyRequest } from 'fastify';
import { davError } from './dav-errors.js';

function etagList(header: string | string[] | undefined): string[] | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
}

/**
 * If-Match and If-None-Match (RFC 9110 13.1) against the resource's current strong ETag (null: it does
 * not exist). Answers 'not-modified' for a GET or HEAD whose If-None-Match matches; throws 412 for any
 * other failed condition, so a client never overwrites or deletes a version it has not seen.
 */
export function checkConditions(request: FastifyRequest, currentEtag: string | null): 'proceed' | 'not-modified' {
  const ifMatch = etagList(request.headers['if-match']);
  if (ifMatch !== undefined) {
    // Strong comparison: a weak tag never matches.
    const matches = currentEtag !== null && (ifMatch.includes('*') || ifMatch.includes(currentEtag));
    if (!matches) throw davError(412, 'caldav/precondition_failed', 'If-Match: the resource is not (or no longer) that version');
  }
  const ifNoneMatch = etagList(request.headers['if-none-match']);
  if (ifNoneMatch !== undefined && currentEtag !== null) {
    // Weak comparison: W/"x" matches "x".
    const matches = ifNoneMatch.includes('*') || ifNoneMatch.some((tag) => tag.replace(/^W\//, '') === currentEtag);
    if (matches) {
      if (request.method === 'GET' || request.method === 'HEAD') return 'not-modified';
      throw davError(412, 'caldav/precondition_failed', 'If-None-Match: the resource exists already');
    }
  }
  return 'proceed';
}
