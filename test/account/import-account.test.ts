import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const NOW = new Date('2026-11-28T06:00:00Z'); // a Saturday

describe.each(PROVIDERS)('POST /me/import on %s', (provider) => {
  let service: TestService;
  const clock = createManualClock(NOW);
  const importAs = (user: string, body: string, type: string, query = '') =>
    service.request(user, `/me/import${query}`, { method: 'POST', headers: { 'content-type': type }, body });
  const importJson = (user: string, document: unknown) => importAs(user, JSON.stringify(document), 'application/json');
  const post = async (user: string, body: unknown) => (await (await service.request(user, '/tasks', jsonRequest('POST', body))).json()) as any;
  const tasksOf = async (user: string) =>
    service.database.db.task.findMany({ where: { userId: user }, orderBy: { id: 'asc' }, include: { reminders: true } });
  /** Every row the import could have written for the user. */
  const writtenFor = async (user: string) => ({
    tasks: await service.database.db.task.count({ where: { userId: user } }),
    events: await service.database.db.event.count({ where: { userId: user } }),
    reminders: await service.database.db.reminder.count({ where: { userId: user } }),
    importKeys: await service.database.db.taskImportKey.count({ where: { userId: user } }),
  });
  const nothingWritten = { tasks: 0, events: 0, reminders: 0, importKeys: 0 };

  beforeAll(async () => {
    service = await startTestService(provider, {
      clock,
      env: { PUSH_CONTACT: 'mailto:ops@tickler.example' },
      resolveHost: async () => [{ address: '93.184.215.14', family: 4 }],
    });
  });
  afterAll(async () => service?.close());

  it('carries a reminders list (any offset, absolute, nag) from an export into another account', async () => {
    const reminders = [{ before: 15, nag: { every: 10, times: 2 } }, { at: '2027-01-04T05:00:00.000Z' }];
    await post('lister', { title: 'Several', dueAt: '2027-01-04T07:00:00Z', reminders });
    const exported = await (await service.request('lister', '/me/export')).text();
    expect((await importAs('lister-target', exported, 'application/json')).status).toBe(200);
    const [task] = await tasksOf('lister-target');
    expect(JSON.parse(task!.reminderSpecs!)).toEqual(reminders);
    expect(task!.remindBefore).toBe(15);
    expect(task!.reminders.map((r) => [r.slot, r.kind, r.fireAt.toISOString()]).sort()).toEqual([
      [0, 'before', '2027-01-04T06:45:00.000Z'],
      [1, 'at', '2027-01-04T05:00:00.000Z'],
    ]);
  });

  it("creates an export's tasks in another account, and nothing when the same document comes again", async () => {
    await post('source', { title: 'Bins', dueAt: '2027-01-04T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO', remindBefore: 10, priority: 'high' });
    await post('source', { title: 'Plain', description: 'with text' });
    const done = await post('source', { title: 'Done already', dueAt: '2026-11-01T10:00:00Z' });
    expect((await service.request('source', `/tasks/${done.id}`, { method: 'DELETE' })).status).toBe(204);
    const exported = await (await service.request('source', '/me/export')).text();

    const first = await importAs('target', exported, 'application/json');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ created: 3, skipped: 0, rows: [], rowsNotListed: 0 });
    const imported = await tasksOf('target');
    expect(imported.map((t) => [t.title, t.description, t.dueAt?.toISOString() ?? null, t.priority, t.recurrence, t.status, t.remindBefore])).toEqual([
      ['Bins', '', '2027-01-04T07:00:00.000Z', 'high', 'FREQ=WEEKLY;BYDAY=MO', 'pending', 10],
      ['Plain', 'with text', null, 'low', null, 'pending', null],
      ['Done already', '', '2026-11-01T10:00:00.000Z', 'low', null, 'completed', null],
    ]);
    expect(imported[0]!.reminders[0]).toMatchObject({ offsetMinutes: 10, state: 'scheduled', fireAt: new Date('2027-01-04T06:50:00Z') });
    expect(imported[2]!.completedAt).toEqual(new Date(JSON.parse(exported).tasks[2].completedAt));
    // One task.created event per task, as creating it through the API records.
    const events = await service.database.db.event.findMany({ where: { userId: 'target' }, orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.type, JSON.parse(e.payload).task.title])).toEqual([
      ['task.created', 'Bins'],
      ['task.created', 'Plain'],
      ['task.created', 'Done already'],
    ]);

    expect(await (await importAs('target', exported, 'application/json')).json()).toMatchObject({ created: 0, skipped: 3 });
    expect(await (await importAs('source', exported, 'application/json')).json()).toMatchObject({ created: 0, skipped: 3 });
    expect(await tasksOf('target')).toHaveLength(3);
    expect(await tasksOf('source')).toHaveLength(3);
  });

  it('accepts an export holding push subscriptions and creates none of them (they have no keys), and says so', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const registered = await service.request(
      'push-source',
      '/push/subscriptions',
      jsonRequest('POST', { endpoint: 'https://push.example.com/send/phone', keys, deviceName: 'Phone' }),
    );
    expect(registered.status).toBe(201);
    await post('push-source', { title: 'With a phone' });
    const exported = await (await service.request('push-source', '/me/export')).text();
    expect(JSON.parse(exported).pushSubscriptions).toHaveLength(1);

    const response = await importAs('push-target', exported, 'application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ created: 1, skipped: 0, dropped: { pushSubscriptions: 1, webhookEndpoints: 0, calendarFeed: 0 } });
    expect(await service.database.db.pushSubscription.count({ where: { userId: 'push-target' } })).toBe(0);
    expect(await (await service.request('push-target', '/push/subscriptions')).json()).toEqual([]);
  });

  it.each([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['year 0 reached through an offset', '0001-01-01T00:30:00+01:00'],
    ['year 10000 reached through an offset', '9999-12-31T23:30:00-01:00'],
    ['past what JavaScript dates hold', '+275760-09-13T00:00:00Z'],
    ['a bare number', '1'],
    ['a bare year', '2026'],
    ['a date without a time', '2026-11-22'],
    ['a time without an offset', '2026-11-22T09:30:00'],
    ['a number', 1_700_000_000_000],
  ])('refuses a completedAt or dueAt of %s with 400 and writes nothing', async (_name, date) => {
    const user = `bad-date-${provider}-${String(date)}`;
    const completed = { format: 'tickler.export/1', tasks: [{ title: 'fine' }, { title: 'done', status: 'completed', completedAt: date }] };
    const body = await expectErrorResponse(await importJson(user, completed), 400);
    expect(body.message).toContain('tasks[1].completedAt');
    const due = { format: 'tickler.export/1', tasks: [{ title: 'fine' }, { title: 'dated', dueAt: date }] };
    expect((await expectErrorResponse(await importJson(user, due), 400)).message).toMatch(/^Task 2 of the import: dueAt must be/);
    expect(await writtenFor(user)).toEqual(nothingWritten);
  });

  it('reads REST dueAt and imported dates through one validator: the same range, the same refusal', async () => {
    const edge = '0001-01-01T00:30:00+01:00';
    const viaRest = await expectErrorResponse(await service.request('range', '/tasks', jsonRequest('POST', { title: 'x', dueAt: edge })), 400);
    const viaImport = await expectErrorResponse(await importJson('range', { format: 'tickler.export/1', tasks: [{ title: 'x', dueAt: edge }] }), 400);
    expect(viaImport.message).toBe(`Task 1 of the import: ${viaRest.message}`);
    expect(viaRest.message).toContain('0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z');
    // The first and last storable instants are accepted by both.
    for (const dueAt of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z']) {
      expect((await service.request('range', '/tasks', jsonRequest('POST', { title: 'edge', dueAt }))).status).toBe(201);
    }
    expect(await (await importJson('range', { format: 'tickler.export/1', tasks: [{ title: 'first', dueAt: '0001-01-01T00:00:00Z' }] })).json()).toMatchObject({ created: 1 });
  });

  it('writes all or nothing: a failure while writing the third task leaves none of the three, and a retry creates each once', async () => {
    const user = 'atomic';
    // The database itself refuses the third task's event, after the first two were written in the same import.
    const refuse =
      provider === 'sqlite'
        ? [`CREATE TRIGGER refuse_boom BEFORE INSERT ON events WHEN NEW.payload LIKE '%"title":"boom"%' BEGIN SELECT RAISE(ABORT, 'refused'); END`]
        : [
            `CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN IF NEW.payload LIKE '%"title":"boom"%' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
            'CREATE TRIGGER refuse_boom BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_boom()',
          ];
    for (const sql of refuse) await service.database.db.$executeRawUnsafe(sql);
    const document = {
      format: 'tickler.export/1',
      tasks: [{ title: 'one', dueAt: '2026-12-01T09:00:00Z', remindBefore: 10 }, { title: 'two' }, { title: 'boom' }],
    };
    try {
      const failed = await importJson(user, document);
      expect(failed.status).toBe(500);
      expect(await writtenFor(user)).toEqual(nothingWritten);
    } finally {
      await service.database.db.$executeRawUnsafe(provider === 'sqlite' ? 'DROP TRIGGER refuse_boom' : 'DROP TRIGGER refuse_boom ON events');
    }
    expect(await (await importJson(user, document)).json()).toMatchObject({ created: 3, skipped: 0 });
    expect(await (await importJson(user, document)).json()).toMatchObject({ created: 0, skipped: 3 });
    expect(await writtenFor(user)).toEqual({ tasks: 3, events: 3, reminders: 1, importKeys: 3 });
  });

  it('creates nothing on a retry after success, even after the imported tasks changed, and from a later export of the same account', async () => {
    await post('moving', { title: 'Water plants', dueAt: '2026-11-29T08:00:00Z', recurrence: 'FREQ=DAILY' });
    await post('moving', { title: 'Call Ann' });
    const document = await (await service.request('moving', '/me/export')).text();
    expect(await (await importAs('moved', document, 'application/json')).json()).toMatchObject({ created: 2, skipped: 0 });

    const [plants, call] = await tasksOf('moved');
    // Completing an occurrence moves the repeating task on; editing changes the other.
    expect((await service.request('moved', `/tasks/${plants!.id}`, { method: 'DELETE' })).status).toBe(204);
    const patched = await service.request('moved', `/tasks/${call!.id}`, jsonRequest('PATCH', { title: 'Call Ann back', priority: 'high' }));
    expect(patched.status).toBe(200);
    expect((await tasksOf('moved'))[0]!.dueAt).toEqual(new Date('2026-11-30T08:00:00Z'));

    expect(await (await importAs('moved', document, 'application/json')).json()).toMatchObject({ created: 0, skipped: 2 });
    clock.advance(60_000);
    const later = await (await service.request('moving', '/me/export')).text();
    expect(later).not.toBe(document);
    expect(await (await importAs('moved', later, 'application/json')).json()).toMatchObject({ created: 0, skipped: 2 });
    expect((await tasksOf('moved')).map((t) => t.title)).toEqual(['Water plants', 'Call Ann back']);
  });

  it('creates each task once when the same import is sent several times at once', async () => {
    const tasks = Array.from({ length: 60 }, (_, i) => ({ title: `Task ${i}`, dueAt: '2026-12-24T18:00:00+01:00', remindBefore: 30 }));
    const body = JSON.stringify({ format: 'tickler.export/1', tasks });
    const answers = await Promise.all(Array.from({ length: 4 }, () => importAs('racing', body, 'application/json')));
    const results = (await Promise.all(answers.map((a) => a.json()))) as Array<{ created: number; skipped: number }>;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(results.map((r) => r.created).sort((a, b) => b - a)).toEqual([60, 0, 0, 0]);
    expect(await writtenFor('racing')).toEqual({ tasks: 60, events: 60, reminders: 60, importKeys: 60 });
  });

  it('refuses what it cannot import with 400/415 and creates nothing', async () => {
    const user = 'refused';
    await expectErrorResponse(await importJson(user, { format: 'other', tasks: [] }), 400);
    await expectErrorResponse(await importJson(user, { format: 'tickler.export/1', tasks: [{ title: 'fine' }, { title: '   ' }] }), 400);
    await expectErrorResponse(await importJson(user, { format: 'tickler.export/1', tasks: [{ title: 'x', status: 'done' }] }), 400);
    await expectErrorResponse(await importJson(user, { format: 'tickler.export/1', tasks: [{ title: 'x', status: 'completed' }] }), 400);
    await expectErrorResponse(await importAs(user, 'NAME,TEXT\r\nx,y\r\n', 'text/csv'), 400);
    await expectErrorResponse(await importAs(user, 'TYPE,CONTENT\r\ntask,"open', 'text/csv'), 400);
    await expectErrorResponse(await importAs(user, 'TYPE,CONTENT\r\ntask,x', 'text/plain'), 415);
    await expectErrorResponse(await importAs(user, 'TYPE,CONTENT\r\ntask,x', 'text/csv', '?timeZone=sometimes'), 400);
    await expectErrorResponse(await service.request(null, '/me/import', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'TYPE,CONTENT\r\ntask,x' }), 401);
    expect(await writtenFor(user)).toEqual(nothingWritten);
  });
});
