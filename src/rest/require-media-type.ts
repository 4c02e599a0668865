import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The request's media type, lower case, without parameters. */
export function mediaTypeOf(request: FastifyRequest): string | undefined {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
}

/** 415 before the body is read unless the request declares one of the accepted media types. */
export function requireMediaType(...accepted: string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const mediaType = mediaTypeOf(request);
    if (mediaType === undefined || !accepted.includes(mediaType)) {
      throw new AppError('request/unsupported_media_type', 415, `Content-Type must be ${accepted.join(' or ')}`);
    }
  };
}
