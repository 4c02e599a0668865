import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { runTickler } from '../support/cli.js';
import { startTestIssuer, TEST_MACHINE_CLIENT_ID, type TestIssuer } from '../support/oidc-issuer.js';
import { startTestService } from '../support/test-service.js';
import { waitUntil } from '../webhooks/support/receiver.js';

const AUDIENCE = 'https://tickler.test/api';
const cleanups = cleanupsAfterEach();

/** A real OpenID Connect server (oidc-provider) on loopback. */
async function startIssuer(port = 0): Promise<TestIssuer> {
  const issuer = await startTestIssuer({ port });
  cleanups.push(() => issuer.close());
  await issuer.serve({ audience: AUDIENCE });
  return issuer;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

describe('OIDC mode checks the issuer at start-up', () => {
  it('an issuer whose discovery document names another issuer (trailing slash) stops start-up with both values', { timeout: 60_000 }, async () => {
    const issuer = await startIssuer();
    const url = issuer.url;
    expect(url.endsWith('/')).toBe(false);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-oidc-start-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const result = await runTickler(['serve'], { DATA_DIR: dataDir, PORT: '0', AUTH_ISSUER: `${url}/`, AUTH_AUDIENCE: AUDIENCE });
    expect(result.code).toBe(78);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines, result.stderr).toEqual([
      `tickler: configuration error: AUTH_ISSUER is "${url}/" but the issuer's discovery document names "${url}": ` +
        'they must be equal, character for character (mind the trailing slash)',
    ]);
    // The refusal came before anything listened or migrated.
    expect(result.stdout).not.toContain('tickler is listening');
  });

  it('an unreachable issuer: start-up goes on, /readyz says auth: unavailable until it is reached, then tokens work', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const issuerUrl = `http://127.0.0.1:${port}`;
    const logLines: Array<{ msg: string; level: string }> = [];
    const service = await startTestService('sqlite', {
      env: { AUTH_ISSUER: issuerUrl, AUTH_AUDIENCE: AUDIENCE, LOG_LEVEL: 'info' },
      logDestination: { write: (chunk: string) => void logLines.push(...chunk.split('\n').filter(Boolean).map((line) => JSON.parse(line))) },
    });
    cleanups.push(() => service.close());
    expect(logLines.find((line) => line.msg.startsWith('identity provider unreachable'))?.level).toBe('warn');

    const notReady = await fetch(`${service.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ error: 503, message: 'auth: unavailable (the identity provider has not been reached yet)' });

    const issuer = await startIssuer(port);
    expect(issuer.url).toBe(issuerUrl);
    await waitUntil(async () => (await fetch(`${service.url}/readyz`)).status === 200, '/readyz 200 once the issuer answers', 20_000);
    expect(logLines.some((line) => line.msg === 'identity provider reached')).toBe(true);
    const token = await issuer.issueAccessToken();
    expect((await fetch(`${service.url}/tasks`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await service.database.db.user.findUnique({ where: { id: TEST_MACHINE_CLIENT_ID } })).not.toBeNull();
  });
});
