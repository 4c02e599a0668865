import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLoginCode } from '../../src/auth/create-login-code.js';
import { hashSecret } from '../../src/auth/secret-token.js';
import { runTickler } from '../support/cli.js';
import { expectErrorResponse } from '../support/error-body.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { createManualClock } from '../support/manual-clock.js';
import { expectTokens, postExchange, postRefresh, signIn, statusWith } from '../support/sign-in.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { MeQuery } from '../graphql/documents.js';
import { SessionsQuery } from '../graphql/session-documents.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe.each(PROVIDERS)('signing in with a link on %s', (provider) => {
  const clock = createManualClock(new Date());
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
  }, 60_000);
  afterAll(async () => service?.close());
  // Tokens are issued on the service's clock: tests that move it put it back.
  afterEach(() => clock.set(new Date()));

  const db = () => service.database.db;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a link from `tickler login` signs a browser in; its tokens call the API and rotate on refresh', { timeout: 60_000 }, async () => {
    const env = { DATA_DIR: service.dataDir, DATABASE_URL: service.databaseUrl, PUBLIC_URL: service.url };
    const link = await runTickler(['login', '--user', 'alice'], env);
    expect(link.code, link.stderr).toBe(0);
    expect(link.stdout).toMatch(new RegExp(`^${service.url.replace(/[.]/g, '\\.')}/login#code=[A-Za-z0-9_-]{43}\\n$`));
    const code = link.stdout.trim().split('#code=')[1]!;

    const signedIn = await expectTokens(await postExchange(service, code, 'Mozilla/5.0 (Phone) Test'));
    expect(signedIn.expires_in).toBe(15 * 60);
    expect(await statusWith(service, signedIn.access_token)).toBe(200);
    const me = await graphqlRequest(service, bearer(signedIn.access_token), MeQuery);
    expect(me.body.data?.me.id).toBe('alice');

    const refreshed = await expectTokens(await postRefresh(service, signedIn.refresh_token, 'form'));
    expect(refreshed.session_id).toBe(signedIn.session_id);
    expect(refreshed.refresh_token).not.toBe(signedIn.refresh_token);
    expect(await statusWith(service, refreshed.access_token)).toBe(200);
    const again = await expectTokens(await postRefresh(service, refreshed.refresh_token, 'json', 'Mozilla/5.0 (Phone) Later'));
    expect(again.session_id).toBe(signedIn.session_id);
    expect(await statusWith(service, again.access_token)).toBe(200);

    const sessions = await graphqlRequest(service, bearer(again.access_token), SessionsQuery);
    expect(sessions.body.data?.sessions).toEqual([
      {
        id: signedIn.session_id,
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        userAgent: 'Mozilla/5.0 (Phone) Later',
        current: true,
      },
    ]);
  });

  it('stores codes and refresh tokens only as their SHA-256', async () => {
    const code = await createLoginCode({ db: db(), clock, userId: 'hashed' });
    const stored = await db().loginCode.findMany({ where: { userId: 'hashed' } });
    expect(stored.map((row) => row.codeHash)).toEqual([hashSecret(code)]);
    const tokens = await expectTokens(await postExchange(service, code));
    const refreshed = await expectTokens(await postRefresh(service, tokens.refresh_token));
    const session = await db().authSession.findUniqueOrThrow({ where: { id: tokens.session_id }, include: { spentTokens: true } });
    expect(session.refreshTokenHash).toBe(hashSecret(refreshed.refresh_token));
    expect(session.spentTokens.map((spent) => spent.tokenHash)).toEqual([hashSecret(tokens.refresh_token)]);
    const everything = JSON.stringify([await db().loginCode.findMany(), await db().authSession.findMany(), await db().spentRefreshToken.findMany()]);
    for (const secret of [code, tokens.refresh_token, refreshed.refresh_token]) expect(everything).not.toContain(secret);
  });

  it('a code signs in once: used again it answers 400 and starts no second session', async () => {
    const code = await createLoginCode({ db: db(), clock, userId: 'once' });
    await expectTokens(await postExchange(service, code));
    await expectErrorResponse(await postExchange(service, code), 400);
    expect(await db().authSession.count({ where: { userId: 'once' } })).toBe(1);
  });

  it('of several exchanges of one code at the same moment exactly one succeeds', async () => {
    const code = await createLoginCode({ db: db(), clock, userId: 'racer' });
    const statuses = await Promise.all(Array.from({ length: 6 }, async () => (await postExchange(service, code)).status));
    expect(statuses.sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(await db().authSession.count({ where: { userId: 'racer' } })).toBe(1);
  });

  it('a code is valid for 10 minutes and refused after', async () => {
    const fresh = await createLoginCode({ db: db(), clock, userId: 'late' });
    const stale = await createLoginCode({ db: db(), clock, userId: 'late' });
    clock.advance(10 * MINUTE - 1000);
    await expectTokens(await postExchange(service, fresh));
    clock.advance(1001);
    await expectErrorResponse(await postExchange(service, stale), 400);
    expect(await db().authSession.count({ where: { userId: 'late' } })).toBe(1);
    expect((await db().loginCode.findUniqueOrThrow({ where: { codeHash: hashSecret(stale) } })).usedAt).toBeNull();
  });

  it('a spent refresh token presented again after SESSION_REFRESH_GRACE (30 s) revokes the whole session', async () => {
    const first = await signIn(service, 'reuser', { clock });
    const second = await expectTokens(await postRefresh(service, first.refresh_token));
    clock.advance(30_000 + 1);
    // The stolen copy of the first refresh token is replayed:
    await expectErrorResponse(await postRefresh(service, first.refresh_token), 400);
    // ... and the legitimate holder's newer tokens stop working too.
    await expectErrorResponse(await postRefresh(service, second.refresh_token), 400);
    expect(await statusWith(service, second.access_token)).toBe(401);
    const session = await db().authSession.findUniqueOrThrow({ where: { id: first.session_id } });
    expect(session.revokedReason).toBe('reuse');
  });

  it('a spent refresh token presented again within the grace answers the same successor, so a lost answer ends nothing', async () => {
    const first = await signIn(service, 'lost-answer', { clock });
    const answered = await expectTokens(await postRefresh(service, first.refresh_token));
    // The first answer never reached the browser (the tab reloaded mid-refresh): it presents the token again.
    clock.advance(30_000);
    const again = await expectTokens(await postRefresh(service, first.refresh_token));
    expect(again.refresh_token).toBe(answered.refresh_token);
    expect(again.session_id).toBe(first.session_id);
    expect(await statusWith(service, again.access_token)).toBe(200);
    const session = await db().authSession.findUniqueOrThrow({ where: { id: first.session_id }, include: { spentTokens: true } });
    expect(session.revokedAt).toBeNull();
    expect(session.spentTokens).toHaveLength(1);
    // The successor works as any refresh token: spent once, it rotates the session on.
    const next = await expectTokens(await postRefresh(service, again.refresh_token));
    expect(next.refresh_token).not.toBe(again.refresh_token);
    expect(await statusWith(service, next.access_token)).toBe(200);
  });

  it('within the grace, a spent token whose successor was already spent in turn is reuse: the session is revoked', async () => {
    const first = await signIn(service, 'fast-thief', { clock });
    const second = await expectTokens(await postRefresh(service, first.refresh_token));
    const third = await expectTokens(await postRefresh(service, second.refresh_token));
    await expectErrorResponse(await postRefresh(service, first.refresh_token), 400);
    await expectErrorResponse(await postRefresh(service, third.refresh_token), 400);
    expect(await statusWith(service, third.access_token)).toBe(401);
    expect((await db().authSession.findUniqueOrThrow({ where: { id: first.session_id } })).revokedReason).toBe('reuse');
  });

  it('concurrent refreshes with one token: both get the same new refresh token, nothing is revoked', async () => {
    const tokens = await signIn(service, 'double-refresh', { clock });
    const answers = await Promise.all([postRefresh(service, tokens.refresh_token), postRefresh(service, tokens.refresh_token)]);
    const [one, two] = await Promise.all(answers.map((answer) => expectTokens(answer)));
    expect(one!.refresh_token).toBe(two!.refresh_token);
    const session = await db().authSession.findUniqueOrThrow({ where: { id: tokens.session_id } });
    expect(session.revokedAt).toBeNull();
    expect(session.refreshTokenHash).toBe(hashSecret(one!.refresh_token));
  });

  it('a refresh token lives SESSION_IDLE_TTL (30 days) from its last use', async () => {
    const tokens = await signIn(service, 'idle', { clock });
    clock.advance(29 * DAY);
    const kept = await expectTokens(await postRefresh(service, tokens.refresh_token));
    clock.advance(29 * DAY);
    const keptAgain = await expectTokens(await postRefresh(service, kept.refresh_token));
    clock.advance(30 * DAY + 1000);
    await expectErrorResponse(await postRefresh(service, keptAgain.refresh_token), 400);
    // Expired is not reuse: nothing was revoked.
    expect((await db().authSession.findUniqueOrThrow({ where: { id: tokens.session_id } })).revokedAt).toBeNull();
  });

  it('POST /auth/logout ends the session: its access token is refused at once here, its refresh token too', async () => {
    const tokens = await signIn(service, 'leaver', { clock });
    const other = await signIn(service, 'leaver', { clock });
    const response = await fetch(`${service.url}/auth/logout`, { method: 'POST', headers: bearer(tokens.access_token) });
    expect(response.status).toBe(204);
    expect(await statusWith(service, tokens.access_token)).toBe(401);
    await expectErrorResponse(await postRefresh(service, tokens.refresh_token), 400);
    await expectErrorResponse(await fetch(`${service.url}/auth/logout`, { method: 'POST', headers: bearer(tokens.access_token) }), 401);
    // The user's other session is untouched.
    expect(await statusWith(service, other.access_token)).toBe(200);
    await expectTokens(await postRefresh(service, other.refresh_token));
  });

  it('tokens from `tickler token` (no session) keep working, belong to no session, and cannot log out', async () => {
    const plain = await service.token('plain-user');
    expect(await statusWith(service, plain)).toBe(200);
    const sessions = await graphqlRequest(service, bearer(plain), SessionsQuery);
    expect(sessions.body).toEqual({ data: { sessions: [] } });
    await expectErrorResponse(await fetch(`${service.url}/auth/logout`, { method: 'POST', headers: bearer(plain) }), 400);
    expect(await statusWith(service, plain)).toBe(200);
  });
});
