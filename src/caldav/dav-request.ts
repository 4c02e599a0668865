import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContextDeps, ServiceContext } from '../context.js';
import type { DavResource } from './dav-paths.js';

export interface DavHandlerDeps {
  context: ContextDeps;
  /** "HH:MM": where an all-day task (a DUE that is a DATE) is placed in the user's zone (CAPTURE_DEFAULT_TIME). */
  allDayTime: string;
}

/** One request, resolved: the signed-in caller, the resource its path names, its body. */
export interface DavRequest {
  caller: ServiceContext;
  resource: DavResource;
  body: Buffer | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}
