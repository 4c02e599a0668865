import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STATE_TTL_MS } from '../../src/auth/session-state-cache.js';
import { createLoginCode } from '../../src/auth/create-login-code.js';
import { systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { startService, type RunningService } from '../../src/service.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { runTickler } from '../support/cli.js';
import { expectErrorResponse } from '../support/error-body.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { expectTokens, postExchange, postRefresh, signIn, statusWith } from '../support/sign-in.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { RevokeSessionMutation, SessionsQuery } from '../graphql/session-documents.js';

/** The documented bound on how late another instance refuses a revoked session's access token, with room for a busy machine. */
const REVOCATION_BOUND_MS = SESSION_STATE_TTL_MS + 1_500;

/** Polls until the access token is refused; answers how long that took. Fails past the bound. */
async function msUntilRefused(service: { url: string }, accessToken: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < REVOCATION_BOUND_MS + 3_000) {
    if ((await statusWith(service, accessToken)) === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the access token of a revoked session is still accepted');
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(PROVIDERS)('revoking sessions on %s', (provider) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(provider);
  }, 60_000);
  afterAll(async () => service?.close());

  it('GraphQL revokeSession signs another of the caller’s sessions out, this one stays', async () => {
    const laptop = await signIn(service, 'revoker', { userAgent: 'Laptop' });
    const phone = await signIn(service, 'revoker', { userAgent: 'Phone' });
    const listed = await graphqlRequest(service, bearer(phone.access_token), SessionsQuery);
    expect(listed.body.data?.sessions.map((s) => [s.id, s.current]).sort()).toEqual(
      [[laptop.session_id, false], [phone.session_id, true]].sort(),
    );
    const revoked = await graphqlRequest(service, bearer(phone.access_token), RevokeSessionMutation, { id: laptop.session_id });
    expect(revoked.body).toEqual({ data: { revokeSession: true } });
    expect(await statusWith(service, laptop.access_token)).toBe(401);
    await expectErrorResponse(await postRefresh(service, laptop.refresh_token), 400);
    expect(await statusWith(service, phone.access_token)).toBe(200);
    const again = await graphqlRequest(service, bearer(phone.access_token), RevokeSessionMutation, { id: laptop.session_id });
    expect(again.body).toEqual({ data: { revokeSession: false } });
    const after = await graphqlRequest(service, bearer(phone.access_token), SessionsQuery);
    expect(after.body.data?.sessions.map((s) => s.id)).toEqual([phone.session_id]);
  });

  it('revokeSession of another user’s session or an unknown id is NOT_FOUND and changes nothing', async () => {
    const mine = await signIn(service, 'curious');
    const theirs = await signIn(service, 'victim');
    for (const id of [theirs.session_id, '00000000-0000-4000-8000-000000000000', 'no-such-session', '', 'nul\u0000byte', 'x'.repeat(10_000)]) {
      const result = await graphqlRequest(service, bearer(mine.access_token), RevokeSessionMutation, { id });
      expect(result.body.data).toBeNull();
      expect(result.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect(await statusWith(service, theirs.access_token)).toBe(200);
    await expectTokens(await postRefresh(service, theirs.refresh_token));
  });

  it('revokeSession of the current session signs this browser out', async () => {
    const tokens = await signIn(service, 'self-revoker');
    const result = await graphqlRequest(service, bearer(tokens.access_token), RevokeSessionMutation, { id: tokens.session_id });
    expect(result.body).toEqual({ data: { revokeSession: true } });
    expect(await statusWith(service, tokens.access_token)).toBe(401);
  });
});

describe.each(PROVIDERS)('two instances on one %s database', (provider) => {
  let first: TestService;
  let second: RunningService;

  beforeAll(async () => {
    first = await startTestService(provider);
    second = await startService(
      loadConfig({ DATA_DIR: first.dataDir, DATABASE_URL: first.databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
    );
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a logout on one instance is honoured by the other within the bound, the refresh token at once', async () => {
    const tokens = await signIn(first, 'roamer');
    // Both instances have now seen the session active (and cache that).
    expect(await statusWith(first, tokens.access_token)).toBe(200);
    expect(await statusWith(second, tokens.access_token)).toBe(200);
    expect((await fetch(`${first.url}/auth/logout`, { method: 'POST', headers: bearer(tokens.access_token) })).status).toBe(204);
    await expectErrorResponse(await postRefresh(second, tokens.refresh_token), 400);
    expect(await statusWith(first, tokens.access_token)).toBe(401);
    expect(await msUntilRefused(second, tokens.access_token)).toBeLessThanOrEqual(REVOCATION_BOUND_MS);
  });

  it('a session revoked through GraphQL on one instance is refused by the other', async () => {
    const tokens = await signIn(second, 'roamer-too');
    expect(await statusWith(first, tokens.access_token)).toBe(200);
    const result = await graphqlRequest({ url: second.url, token: first.token }, bearer(tokens.access_token), RevokeSessionMutation, { id: tokens.session_id });
    expect(result.body).toEqual({ data: { revokeSession: true } });
    expect(await msUntilRefused(first, tokens.access_token)).toBeLessThanOrEqual(REVOCATION_BOUND_MS);
  });

  it('a refresh token rotated on one instance is spent on the other', async () => {
    const tokens = await signIn(first, 'hopper');
    const rotated = await expectTokens(await postRefresh(second, tokens.refresh_token));
    // Within the grace the other instance answers the same successor (both derive it from the shared key).
    expect((await expectTokens(await postRefresh(first, tokens.refresh_token))).refresh_token).toBe(rotated.refresh_token);
    await expectTokens(await postRefresh(second, rotated.refresh_token));
    await expectErrorResponse(await postRefresh(first, tokens.refresh_token), 400);
    // That replay was reuse: the session is gone on both instances.
    await expectErrorResponse(await postRefresh(second, rotated.refresh_token), 400);
    expect(await msUntilRefused(second, rotated.access_token)).toBeLessThanOrEqual(REVOCATION_BOUND_MS);
  });
});

describe.each(PROVIDERS)('`tickler login` and `tickler logout` beside a running `tickler serve` on %s', (provider) => {
  const cleanups = cleanupsAfterEach();

  it('the printed link signs in on the running service; logout signs every session of the user out', { timeout: 90_000 }, async () => {
    const processes = await setupTicklerProcesses(provider, { dataDirPrefix: 'tickler-signin-', env: {} }, cleanups);
    const server = await processes.serve();
    try {
      const env = { DATA_DIR: processes.dataDir, DATABASE_URL: processes.url, PUBLIC_URL: server.url };
      const printed = await runTickler(['login', '--user', 'dana'], env);
      expect(printed.code, printed.stderr).toBe(0);
      expect(printed.stdout.startsWith(`${server.url}/login#code=`)).toBe(true);
      const phone = await expectTokens(await postExchange(server, printed.stdout.trim().split('#code=')[1]));
      // More sessions, with codes made straight in the database (each CLI start costs seconds on a busy machine).
      const database = await openDatabase({ provider, url: processes.url });
      cleanups.push(() => database.close());
      const signInBeside = async (userId: string) =>
        expectTokens(await postExchange(server, await createLoginCode({ db: database.db, clock: systemClock, userId })));
      const [laptop, other] = [await signInBeside('dana'), await signInBeside('erin')];
      for (const tokens of [phone, laptop, other]) expect(await statusWith(server, tokens.access_token)).toBe(200);
      // An app password (a CalDAV client's sign-in) ends with the sessions.
      const made = await fetch(`${server.url}/me/app-passwords`, {
        method: 'POST',
        headers: { authorization: `Bearer ${phone.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'calendar' }),
      });
      const { password } = (await made.json()) as { password: string };
      const dav = () => fetch(`${server.url}/dav/`, { method: 'OPTIONS', headers: { authorization: `Basic ${Buffer.from(`dana:${password}`).toString('base64')}` } });
      expect((await dav()).status).toBe(200);

      const result = await runTickler(['logout', '--user', 'dana'], env);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('revoked 2 sessions and 1 app password of dana\n');
      expect((await dav()).status).toBe(401);
      for (const tokens of [phone, laptop]) await expectErrorResponse(await postRefresh(server, tokens.refresh_token), 400);
      // Each session's state is cached on its own, so each is refused within the bound, not all at once.
      expect(await msUntilRefused(server, phone.access_token)).toBeLessThanOrEqual(REVOCATION_BOUND_MS);
      expect(await msUntilRefused(server, laptop.access_token)).toBeLessThanOrEqual(REVOCATION_BOUND_MS);
      expect(await statusWith(server, other.access_token)).toBe(200);
    } catch (error) {
      throw new Error(`${String(error)}\n--- tickler serve output ---\n${server.output().slice(-4000)}`, { cause: error });
    }
  });
});
