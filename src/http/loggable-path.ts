import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Path parameters that are credentials (a capability URL such as the calendar feed's
     * `/calendar/<token>.ics`): the request log shows them as `[redacted]`.
     */
    secretParams?: readonly string[];
  }
}

export const REDACTED = '[redacted]';

export interface PathRedactor {
  /** The request's path for the log: no query string, and no secret path segment. */
  loggablePath(routeTemplate: string | undefined, url: string): string;
}

/**
 * Learns, as routes are added (install before any route), which segments of which route templates are
 * secrets. Keyed by template, not by route, so every route on a secret template is covered whatever
 * declared it: the 405 answers for other methods, HEAD. A request no route matched is redacted too when
 * its path lies under a secret template's static prefix (`/calendar/<token>.ics/extra`).
 */
export function installPathRedactor(app: FastifyInstance): PathRedactor {
  const secretSegments = new Map<string, number[]>();
  const secretPrefixes = new Set<string>();
  app.addHook('onRoute', (route) => {
    const names = route.config?.secretParams;
    if (!names || names.length === 0) return;
    const segments = route.url.split('/');
    const indexes = segments.flatMap((segment, index) => (segment.startsWith(':') && names.includes(segment.slice(1)) ? [index] : []));
    if (indexes.length === 0) throw new Error(`secretParams ${names.join(', ')} are not parameters of ${route.url}`);
    secretSegments.set(route.url, indexes);
    secretPrefixes.add(`${segments.slice(0, indexes[0]).join('/')}/`);
  });
  return {
    loggablePath(routeTemplate, url) {
      // The query string is never logged: it may carry a token of any name.
      const path = url.split('?')[0]!;
      const indexes = routeTemplate === undefined ? undefined : secretSegments.get(routeTemplate);
      if (indexes) {
        const segments = path.split('/');
        for (const index of indexes) if (index < segments.length) segments[index] = REDACTED;
        return segments.join('/');
      }
      if (routeTemplate === undefined) {
        for (const prefix of secretPrefixes) if (path.startsWith(prefix) && path.length > prefix.length) return `${prefix}${REDACTED}`;
      }
      return path;
    },
  };
}
