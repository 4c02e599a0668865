import type { FastifyInstance, HTTPMethods } from 'fastify';
import { sendError } from './error-handler.js';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface RouteRecorder {
  /** Answers 405 with an `Allow` header for each method a recorded path does not serve. */
  addMethodNotAllowedRoutes(app: FastifyInstance): void;
}

/** Records routes as they are added (attach before the routes are registered). */
export function recordRoutes(app: FastifyInstance): RouteRecorder {
  const methodsByUrl = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = methodsByUrl.get(route.url) ?? new Set<string>();
    for (const method of methods) known.add(method);
    methodsByUrl.set(route.url, known);
  });
  return {
    addMethodNotAllowedRoutes(target) {
      for (const [url, served] of [...methodsByUrl]) {
        const missing = METHODS.filter((method) => !served.has(method));
        if (missing.length === 0) continue;
        const allow = METHODS.filter((method) => served.has(method)).join(', ');
        target.route({
          method: missing,
          url,
          schema: { hide: true },
          config: { public: true },
          exposeHeadRoute: false,
          handler: (request, reply) =>
            sendError(reply.header('allow', allow), 405, `Method ${request.method} is not allowed on ${url}`),
        });
      }
    },
  };
}
