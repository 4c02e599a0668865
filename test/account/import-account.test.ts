import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const TODOIST_CSV = [
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
  'section,Errands,,,,,,,,',
  'task,"Buy milk, eggs",From the corner shop,1,1,Ann (1),,2026-12-01,en,Europe/Berlin',
  'note,"A comment, not a task",,,,,,,,',
  'task,"Call ""Mum""","line one',
  'line two",4,2,Ann (1),,every monday,en,Europe/Berlin',
  'task,Dentist,,2,1,Ann (1),,2026-12-03 14:30,en,America/New_York',
  '',
].join('\r\n');

describe.each(PROVIDERS)('POST /me/import on %s', (provider) => {
  let service: TestService;
  const importAs = (user: string, body: string, type: string) =>
    service.request(user, '/me/import', { method: 'POST', headers: { 'content-type': type }, body });
  const tasksOf = async (user: string) =>
    service.database.db.task.findMany({ where: { userId: user }, orderBy: { id: 'asc' }, include: { reminder: true } });

  beforeAll(async () => {
    service = await startTestService(provider, { env: { PUSH_CONTACT: 'mailto:ops@tickler.example' }, resolveHost: async () => [{ address: '93.184.215.14', family: 4 }] });
  });
  afterAll(async () => service?.close());

  it("creates an export's tasks in another account, and nothing when the same document comes again", async () => {
    const post = async (body: unknown) => (await (await service.request('source', '/tasks', jsonRequest('POST', body))).json()) as any;
    await post({ title: 'Bins', dueAt: '2027-01-04T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO', remindBefore: 10, priority: 'high' });
    await post({ title: 'Plain', description: 'with text' });
    const done = await post({ title: 'Done already', dueAt: '2026-11-01T10:00:00Z' });
    expect((await service.request('source', `/tasks/${done.id}`, { method: 'DELETE' })).status).toBe(204);
    const exported = await (await service.request('source', '/me/export')).text();

    const first = await importAs('target', exported, 'application/json');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ created: 3, skipped: 0 });
    const imported = await tasksOf('target');
    expect(imported.map((t) => [t.title, t.description, t.dueAt?.toISOString() ?? null, t.priority, t.recurrence, t.status, t.remindBefore])).toEqual([
      ['Bins', '', '2027-01-04T07:00:00.000Z', 'high', 'FREQ=WEEKLY;BYDAY=MO', 'pending', 10],
      ['Plain', 'with text', null, 'low', null, 'pending', null],
      ['Done already', '', '2026-11-01T10:00:00.000Z', 'low', null, 'completed', null],
    ]);
    expect(imported[0]!.reminder).toMatchObject({ offsetMinutes: 10, state: 'scheduled', fireAt: new Date('2027-01-04T06:50:00Z') });
    expect(imported[2]!.completedAt).not.toBeNull();

    expect(await (await importAs('target', exported, 'application/json')).json()).toEqual({ created: 0, skipped: 3 });
    expect(await (await importAs('source', exported, 'application/json')).json()).toEqual({ created: 0, skipped: 3 });
    expect(await tasksOf('target')).toHaveLength(3);
    expect(await tasksOf('source')).toHaveLength(3);
  });

  it('accepts an export holding push subscriptions and creates none of them (they have no keys)', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const registered = await service.request(
      'push-source',
      '/push/subscriptions',
      jsonRequest('POST', { endpoint: 'https://push.example.com/send/phone', keys, deviceName: 'Phone' }),
    );
    expect(registered.status).toBe(201);
    await service.request('push-source', '/tasks', jsonRequest('POST', { title: 'With a phone' }));
    const exported = await (await service.request('push-source', '/me/export')).text();
    expect(JSON.parse(exported).pushSubscriptions).toHaveLength(1);

    const response = await importAs('push-target', exported, 'application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ created: 1, skipped: 0 });
    expect(await service.database.db.pushSubscription.count({ where: { userId: 'push-target' } })).toBe(0);
    expect(await (await service.request('push-target', '/push/subscriptions')).json()).toEqual([]);
  });

  it('creates the TYPE=task rows of a Todoist CSV export, once', async () => {
    const response = await importAs('todoist', TODOIST_CSV, 'text/csv; charset=utf-8');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ created: 3, skipped: 0 });
    const tasks = await tasksOf('todoist');
    expect(tasks.map((t) => [t.title, t.description, t.dueAt?.toISOString() ?? null, t.priority])).toEqual([
      ['Buy milk, eggs', 'From the corner shop', '2026-12-01T08:00:00.000Z', 'high'],
      ['Call "Mum"', 'line one\nline two\n\nTodoist date: every monday', null, 'low'],
      ['Dentist', '', '2026-12-03T19:30:00.000Z', 'medium'],
    ]);
    expect(await (await importAs('todoist', TODOIST_CSV, 'text/csv')).json()).toEqual({ created: 0, skipped: 3 });
    expect(await tasksOf('todoist')).toHaveLength(3);
  });

  it('refuses what it cannot import with 400/415 and creates nothing', async () => {
    const user = 'refused';
    await expectErrorResponse(await importAs(user, JSON.stringify({ format: 'other', tasks: [] }), 'application/json'), 400);
    const oneBad = { format: 'tickler.export/1', tasks: [{ title: 'fine' }, { title: '   ' }] };
    await expectErrorResponse(await importAs(user, JSON.stringify(oneBad), 'application/json'), 400);
    await expectErrorResponse(await importAs(user, 'NAME,TEXT\r\nx,y\r\n', 'text/csv'), 400);
    await expectErrorResponse(await importAs(user, 'TYPE,CONTENT\r\ntask,"open', 'text/csv'), 400);
    await expectErrorResponse(await importAs(user, 'TYPE,CONTENT\r\ntask,x', 'text/plain'), 415);
    await expectErrorResponse(await service.request(null, '/me/import', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: TODOIST_CSV }), 401);
    expect(await tasksOf(user)).toEqual([]);
  });
});
