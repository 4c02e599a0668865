import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeUserSessions } from '../../src/auth/revoke-user-sessions.js';
import { systemClock } from '../../src/clock.js';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { basic, davRequest, expectDavError, makeAppPassword } from './support/dav-client.js';

const options = (service: TestService, userId: string, password: string) => davRequest(service, { userId, password }, '/dav/', { method: 'OPTIONS' });

describe.each(PROVIDERS)('app passwords (%s)', (provider) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it('are made once, listed without their secret, and sign in to /dav/ with HTTP Basic', async () => {
    const before = Date.now();
    const created = await makeAppPassword(service, 'ann', '  iPhone Reminders  ');
    expect(created).toEqual({ id: expect.any(Number), name: 'iPhone Reminders', password: expect.any(String), createdAt: expect.any(String) });
    // 32 base32 characters: 160 random bits.
    expect(created.password).toMatch(/^([a-z2-7]{4}-){7}[a-z2-7]{4}$/);
    const row = await service.database.db.appPassword.findUniqueOrThrow({ where: { id: BigInt(created.id) } });
    expect(row.secretHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(row.secretHash).not.toContain(created.password.replace(/-/g, ''));
    const second = await makeAppPassword(service, 'ann', 'Thunderbird');
    expect(second.password).not.toBe(created.password);

    const listed = await (await service.request('ann', '/me/app-passwords')).json();
    expect(listed).toEqual([
      { id: created.id, name: 'iPhone Reminders', createdAt: created.createdAt, lastUsedAt: null },
      { id: second.id, name: 'Thunderbird', createdAt: second.createdAt, lastUsedAt: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.password);

    const answer = await options(service, 'ann', created.password);
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(answer.headers.get('dav')).toBe('1, 3, calendar-access');
    expect(answer.headers.get('allow')).toContain('PROPFIND');
    // Typed back with spaces instead of dashes, or in capitals, it still works.
    expect((await options(service, 'ann', created.password.replace(/-/g, ' ').toUpperCase())).status).toBe(200);
    const used = (await (await service.request('ann', '/me/app-passwords')).json()) as Array<{ lastUsedAt: string | null }>;
    expect(Date.parse(used[0]!.lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(used[1]!.lastUsedAt).toBeNull();
  });

  it('refuses wrong, foreign and missing credentials with 401 and a Basic challenge, and Basic anywhere but /dav/', async () => {
    const { password } = await makeAppPassword(service, 'bea');
    await makeAppPassword(service, 'cid');
    for (const response of [
      await options(service, 'bea', `${password}x`),
      await options(service, 'cid', password),
      await options(service, 'nobody', password),
      await davRequest(service, null, '/dav/', { method: 'OPTIONS' }),
      await davRequest(service, null, '/dav/', { method: 'OPTIONS', headers: { authorization: `Bearer ${await service.token('bea')}` } }),
      await davRequest(service, null, '/dav/', { method: 'OPTIONS', headers: { authorization: 'Basic !!!' } }),
    ]) {
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="Tickler", charset="UTF-8"');
      await expectDavError(response, 401);
    }
    const rest = await fetch(`${service.url}/tasks`, { headers: { authorization: basic('bea', password) } });
    await expectErrorResponse(rest, 401);
    expect(rest.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('DELETE revokes at once (also a password verified moments ago); another user\'s is a 404', async () => {
    const { id, password } = await makeAppPassword(service, 'dan');
    expect((await options(service, 'dan', password)).status).toBe(200);
    await expectErrorResponse(await service.request('eve', `/me/app-passwords/${id}`, { method: 'DELETE' }), 404);
    expect((await options(service, 'dan', password)).status).toBe(200);
    const deleted = await service.request('dan', `/me/app-passwords/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    await expectDavError(await options(service, 'dan', password), 401);
    await expectErrorResponse(await service.request('dan', `/me/app-passwords/${id}`, { method: 'DELETE' }), 404);
    await expectErrorResponse(await service.request('dan', '/me/app-passwords/abc', { method: 'DELETE' }), 400);
    expect(await (await service.request('dan', '/me/app-passwords')).json()).toEqual([]);
  });

  it('refuses a bad name with 400 and more than 25 per user with 409, making nothing', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 7 }, { name: 'a\u0000b' }]) {
      await expectErrorResponse(await service.request('fay', '/me/app-passwords', jsonRequest('POST', body)), 400);
    }
    expect(await service.database.db.appPassword.count({ where: { userId: 'fay' } })).toBe(0);
    for (let i = 0; i < 25; i += 1) {
      await service.database.db.appPassword.create({ data: { userId: 'fay', name: `n${i}`, secretHash: 'x', createdAt: new Date() } });
    }
    await expectErrorResponse(await service.request('fay', '/me/app-passwords', jsonRequest('POST', { name: 'one more' })), 409);
    expect(await service.database.db.appPassword.count({ where: { userId: 'fay' } })).toBe(25);
  });

  it('signing out everywhere and DELETE /me end them', async () => {
    const first = await makeAppPassword(service, 'gus');
    expect((await options(service, 'gus', first.password)).status).toBe(200);
    expect(await revokeUserSessions({ db: service.database.db, clock: systemClock }, 'gus')).toEqual({ sessions: 0, appPasswords: 1 });
    await expectDavError(await options(service, 'gus', first.password), 401);

    const second = await makeAppPassword(service, 'gus');
    expect((await options(service, 'gus', second.password)).status).toBe(200);
    expect((await service.request('gus', '/me', { method: 'DELETE' })).status).toBe(204);
    expect(await service.database.db.appPassword.count({ where: { userId: 'gus' } })).toBe(0);
    await expectDavError(await options(service, 'gus', second.password), 401);
  });
});

describe('app password failures count against the address budget', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService('sqlite', { env: { RATE_LIMIT_ADDRESS: '3', RATE_LIMIT_USER: '1000', RATE_LIMIT_WINDOW: '1h' } });
  });
  afterAll(async () => service?.close());

  it('refuses the address with 429 after its budget of failures, before checking any password', async () => {
    const { password } = await makeAppPassword(service, 'hal');
    // A signed-in request counts against the user, not the address.
    expect((await options(service, 'hal', password)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) await expectDavError(await options(service, 'hal', 'wrong'), 401);
    const refused = await options(service, 'hal', 'wrong');
    await expectDavError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password from that address waits too: a guesser cannot test guesses meanwhile.
    await expectDavError(await options(service, 'hal', password), 429);
  });
});
