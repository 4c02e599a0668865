import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const NOW = new Date('2026-11-28T06:00:00Z');

describe.each(PROVIDERS)("an export's time zone on import, on %s", (provider) => {
  let service: TestService;
  const clock = createManualClock(NOW);
  const importJson = (user: string, document: string, query = '') =>
    service.request(user, `/me/import${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: document });
  const zoneOf = async (user: string) => (await service.database.db.user.findUniqueOrThrow({ where: { id: user } })).timeZone;
  const setZone = (user: string, timeZone: string) =>
    service.database.db.user.upsert({ where: { id: user }, create: { id: user, timeZone }, update: { timeZone } });
  let berlinExport: string;

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
    await setZone('berlin', 'Europe/Berlin');
    // Every Monday at 09:00 in Berlin (08:00Z in winter).
    const created = await service.request('berlin', '/tasks', jsonRequest('POST', { title: 'Bins', dueAt: '2026-11-30T09:00:00+01:00', recurrence: 'FREQ=WEEKLY;BYDAY=MO' }));
    expect(created.status).toBe(201);
    berlinExport = await (await service.request('berlin', '/me/export')).text();
    expect(JSON.parse(berlinExport).user.timeZone).toBe('Europe/Berlin');
  });
  afterAll(async () => service?.close());

  it('applies it to an account still on UTC, says so, and the repeating task keeps its local time across the DST change', async () => {
    const response = await importJson('new-instance', berlinExport);
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).timeZone).toEqual({ document: 'Europe/Berlin', account: 'Europe/Berlin', applied: true });
    expect(await zoneOf('new-instance')).toBe('Europe/Berlin');
    const [task] = (await (await service.request('new-instance', '/tasks')).json()) as any[];
    expect(task.recurrenceText).toBe('every week on Monday at 9:00');
    // Completed on the Saturday before the spring change, the next Monday is still 09:00 in Berlin: 07:00Z.
    clock.set(new Date('2027-03-27T12:00:00Z'));
    try {
      expect((await service.request('new-instance', `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
      const moved = (await (await service.request('new-instance', `/tasks/${task.id}`)).json()) as any;
      expect(moved.dueAt).toBe('2027-03-29T07:00:00.000Z');
    } finally {
      clock.set(NOW);
    }
  });

  it("keeps a zone the account's owner chose, unless the request says apply; keep leaves even a UTC account alone", async () => {
    await setZone('new-york', 'America/New_York');
    expect(((await (await importJson('new-york', berlinExport)).json()) as any).timeZone).toEqual({
      document: 'Europe/Berlin',
      account: 'America/New_York',
      applied: false,
    });
    expect(await zoneOf('new-york')).toBe('America/New_York');
    expect(((await (await importJson('new-york', berlinExport, '?timeZone=apply')).json()) as any).timeZone).toEqual({
      document: 'Europe/Berlin',
      account: 'Europe/Berlin',
      applied: true,
    });
    expect(await zoneOf('new-york')).toBe('Europe/Berlin');

    const kept = (await (await importJson('stays-utc', berlinExport, '?timeZone=keep')).json()) as any;
    expect(kept).toMatchObject({ created: 1, timeZone: { document: 'Europe/Berlin', account: 'UTC', applied: false } });
    expect(await zoneOf('stays-utc')).toBe('UTC');
  });

  it('refuses a document whose time zone is no IANA zone, and changes nothing', async () => {
    const document = JSON.parse(berlinExport);
    document.user.timeZone = 'Mars/Olympus_Mons';
    const body = await expectErrorResponse(await importJson('mars', JSON.stringify(document)), 400);
    expect(body.message).toContain('user.timeZone');
    expect(await zoneOf('mars')).toBe('UTC');
    expect(await service.database.db.task.count({ where: { userId: 'mars' } })).toBe(0);
  });
});
