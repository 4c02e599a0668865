import type { JWK } from 'jose';
import { buildApp } from '../app.js';
import { createLogger } from '../logger.js';

/**
 * The OpenAPI document exactly as the service serves it, built from the route schemas without a
 * database or keys (neither shapes the document).
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const unused = () => {
    throw new Error('not used while building the OpenAPI document');
  };
  const app = await buildApp({
    logger: createLogger('silent'),
    verifier: { verify: unused },
    users: { ensureUser: unused, forget: unused },
    context: {
      db: undefined as never,
      clock: { now: () => new Date() },
      logger: createLogger('silent'),
      events: { eventsRecorded: () => undefined },
      store: undefined as never,
    },
    checkWrites: async () => 'not used',
    capture: { ai: null, ocr: { recognize: unused, close: async () => undefined }, defaultTime: '09:00', lists: unused },
    publicKeys: [] as JWK[],
    webhooks: { urlPolicy: { allowInsecure: false, resolve: unused } },
    push: { urlPolicy: { allowInsecure: false, resolve: unused }, vapidKeys: { publicKey: '', privateKey: '' }, enabled: true },
    email: { enabled: true, publicUrl: 'http://127.0.0.1:3000', wake: () => undefined },
    signIn: { sessions: undefined, clientConfig: { mode: 'local', capabilities: { voice: false, push: true, email: true } } },
  });
  await app.ready();
  const document = app.swagger();
  await app.close();
  return document;
}

export function serializeOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
