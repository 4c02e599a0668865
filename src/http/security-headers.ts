import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'graphiql': the HTML this route serves is GraphiQL, whose editor (Monaco) adds inline styles and whose fonts are data: URLs. */
    htmlPolicy?: 'graphiql';
    /** The web app's service worker script: its CSP governs the worker, which fetches from this origin. */
    workerPolicy?: boolean;
  }
}

export interface SecurityHeaderOptions {
  /** Origins the web client may call besides its own (the OIDC issuer); added to connect-src. */
  connectSources: readonly string[];
}

const HSTS = 'max-age=31536000; includeSubDomains';
/** JSON and other non-HTML answers: nothing may be loaded or framed on their account. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
/** A service worker may load and fetch from this origin only. */
const WORKER_POLICY = "default-src 'self'";
const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter((match) => match[1]!.trim() !== '')
    .map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
}

/**
 * The HTML policy of CONTRACTS.md: only this origin, no other; inline scripts the page itself carries
 * are allowed by their hash (none can be injected), nothing inline otherwise.
 */
function htmlPolicy(html: string, options: SecurityHeaderOptions, graphiql: boolean): string {
  const scripts = ["'self'", ...inlineScriptHashes(html)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    graphiql ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "worker-src 'self'",
    // GraphiQL's stylesheet carries its fonts inline.
    graphiql ? "font-src 'self' data:" : "font-src 'self'",
    "manifest-src 'self'",
    ["connect-src 'self'", ...options.connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Headers on every answer: nosniff, no referrer, no framing, a Content-Security-Policy (strict for
 * HTML, nothing-allowed for the rest), HSTS when the request came over https (directly, or through a
 * proxy that TRUST_PROXY believes), and `Cache-Control: no-store` on JSON that does not set its own.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode === 304) {
      // A revalidation answer updates the headers a cache stored with the page: it must not swap the
      // page's policy for the API's (it has no body and no content type to tell which it is).
    } else if (type.startsWith('text/html')) {
      const html = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      reply.header('content-security-policy', htmlPolicy(html, options, request.routeOptions.config?.htmlPolicy === 'graphiql'));
      reply.header('cross-origin-opener-policy', 'same-origin');
    } else if (request.routeOptions.config?.workerPolicy) {
      reply.header('content-security-policy', WORKER_POLICY);
    } else {
      reply.header('content-security-policy', API_POLICY);
    }
    if (/json/.test(type) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
