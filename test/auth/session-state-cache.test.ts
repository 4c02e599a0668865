import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionStateCache, SESSION_STATE_TTL_MS } from '../../src/auth/session-state-cache.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { signIn, statusWith } from '../support/sign-in.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

// Reads only: the history pruning job may delete ended sessions (a DELETE … auth_sessions) at any time.
const sessionReads = (queries: string[]) => queries.filter((sql) => /^\s*SELECT\b/i.test(sql) && /auth_sessions/.test(sql)).length;

describe.each(PROVIDERS)('the per-instance session state cache on %s', (provider) => {
  let database: TestDatabase;
  let counted: Database;
  const queries: string[] = [];
  let now = Date.now();

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    counted = await openDatabase({ provider, url: database.url }, { onQuery: (sql) => queries.push(sql) });
  });
  afterAll(async () => {
    await counted?.close();
    await database?.close();
  });

  async function createSession(id: string, userId: string) {
    const at = new Date();
    await database.db.authSession.create({
      data: { id, userId, refreshTokenHash: `hash-${id}`, refreshExpiresAt: new Date(at.getTime() + 86_400_000), createdAt: at, lastUsedAt: at },
    });
  }

  const freshCache = () => {
    queries.length = 0;
    return createSessionStateCache({ db: counted.db, now: () => now });
  };

  it('reads an active session once for many concurrent checks, and again only after the TTL', async () => {
    await createSession('s-active', 'ann');
    const cache = freshCache();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.isActive('s-active', 'ann')));
    expect(answers.every(Boolean)).toBe(true);
    expect(sessionReads(queries)).toBe(1);
    now += SESSION_STATE_TTL_MS - 1;
    expect(await cache.isActive('s-active', 'ann')).toBe(true);
    expect(sessionReads(queries)).toBe(1);
    now += 1;
    expect(await cache.isActive('s-active', 'ann')).toBe(true);
    expect(sessionReads(queries)).toBe(2);
  });

  it('sees a revocation made elsewhere (another instance, the CLI) once the TTL has passed', async () => {
    await createSession('s-elsewhere', 'ben');
    const cache = freshCache();
    expect(await cache.isActive('s-elsewhere', 'ben')).toBe(true);
    await database.db.authSession.update({ where: { id: 's-elsewhere' }, data: { revokedAt: new Date(), revokedReason: 'logout-all' } });
    expect(await cache.isActive('s-elsewhere', 'ben')).toBe(true);
    now += SESSION_STATE_TTL_MS;
    expect(await cache.isActive('s-elsewhere', 'ben')).toBe(false);
  });

  it('refuses a session revoked here at once, and never reads an ended session again', async () => {
    await createSession('s-here', 'cas');
    const cache = freshCache();
    expect(await cache.isActive('s-here', 'cas')).toBe(true);
    cache.revoked(['s-here']);
    expect(await cache.isActive('s-here', 'cas')).toBe(false);
    now += 10 * SESSION_STATE_TTL_MS;
    expect(await cache.isActive('s-here', 'cas')).toBe(false);
    expect(await cache.isActive('s-missing', 'cas')).toBe(false);
    now += 10 * SESSION_STATE_TTL_MS;
    expect(await cache.isActive('s-missing', 'cas')).toBe(false);
    expect(sessionReads(queries)).toBe(2);
  });

  it('refuses a session of another user', async () => {
    await createSession('s-dan', 'dan');
    const cache = freshCache();
    expect(await cache.isActive('s-dan', 'eve')).toBe(false);
    expect(await cache.isActive('s-dan', 'dan')).toBe(true);
  });

  it('a revocation told while a read is in flight wins over what the read saw', async () => {
    await createSession('s-race', 'fay');
    const cache = freshCache();
    const reading = cache.isActive('s-race', 'fay');
    cache.revoked(['s-race']);
    await reading;
    expect(await cache.isActive('s-race', 'fay')).toBe(false);
  });
});

describe.each(PROVIDERS)('what session checks cost a request on %s', (provider) => {
  let service: TestService;
  const queries: string[] = [];

  beforeAll(async () => {
    service = await startTestService(provider, { onDatabaseQuery: (sql) => queries.push(sql) });
  }, 60_000);
  afterAll(async () => service?.close());

  it('a session token costs one session read per TTL, however many requests it makes; a plain token none', async () => {
    const tokens = await signIn(service, 'busy');
    const plain = await service.token('busy');
    queries.length = 0;
    for (let i = 0; i < 10; i += 1) expect(await statusWith(service, plain)).toBe(200);
    expect(sessionReads(queries)).toBe(0);
    const started = Date.now();
    for (let i = 0; i < 10; i += 1) expect(await statusWith(service, tokens.access_token)).toBe(200);
    // One read, plus one per TTL the loop outlasted on a slow machine.
    expect(sessionReads(queries)).toBeGreaterThanOrEqual(1);
    expect(sessionReads(queries)).toBeLessThanOrEqual(1 + Math.floor((Date.now() - started) / SESSION_STATE_TTL_MS));
  });
});
