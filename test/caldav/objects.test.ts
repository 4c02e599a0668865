import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unfoldLines } from '../../src/caldav/ical-lines.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, expectDavError, makeAppPassword } from './support/dav-client.js';
import { APPLE_REMINDER, TODOMAN_TASK, VEVENT_OBJECT } from './support/vtodo-samples.js';

const APPLE_NAME = '6F1C7A8E-3C2B-4C5B-9B7E-8A0C2D4E6F10.ics';
const CALENDAR = { 'content-type': 'text/calendar; charset=utf-8' };

describe.each(PROVIDERS)('tasks as CalDAV objects (%s)', (provider) => {
  let service: TestService;
  const user = 'olga';
  let credentials: { userId: string; password: string };
  const inbox = `/dav/calendars/${user}/inbox/`;
  const dav = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) => davRequest(service, credentials, path, init);
  const put = (name: string, body: string, headers: Record<string, string> = {}) => dav(`${inbox}${name}`, { method: 'PUT', headers: { ...CALENDAR, ...headers }, body });
  const etagOf = async (name: string) => (await dav(`${inbox}${name}`, { method: 'GET' })).headers.get('etag')!;
  const eventsOf = async (taskId: bigint | number) =>
    (await service.database.db.event.findMany({ where: { taskId: BigInt(taskId) }, orderBy: { id: 'asc' } })).map((event) => event.type);
  const objectRow = (name: string) => service.database.db.caldavObject.findFirst({ where: { userId: user, name } });

  beforeAll(async () => {
    // Before the samples' due dates, so their reminders are ahead.
    service = await startTestService(provider, { clock: createManualClock(new Date('2026-11-21T12:00:00Z')) });
    credentials = { userId: user, password: (await makeAppPassword(service, user)).password };
    await service.request(user, '/me', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ timeZone: 'Europe/Berlin' }) });
  });
  afterAll(async () => service?.close());

  it('GET answers a task made in Tickler with a strong ETag; If-None-Match with it is 304; HEAD has no body', async () => {
    const task = await (await service.request(user, '/tasks', jsonRequest('POST', { title: 'Buy milk', dueAt: '2026-11-25T17:00:00Z', remindBefore: 10 }))).json();
    const response = await dav(`${inbox}tickler-${task.id}.ics`, { method: 'GET' });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(unfoldLines(text)).toEqual(expect.arrayContaining([`UID:tickler-${task.id}`, 'SUMMARY:Buy milk', 'DUE;TZID=Europe/Berlin:20261125T180000', 'TRIGGER;RELATED=END:-PT10M']));
    expect((await dav(`${inbox}tickler-${task.id}.ics`, { method: 'GET', headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await dav(`${inbox}tickler-${task.id}.ics`, { method: 'HEAD' });
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, etag, '']);
  });

  it('PUT makes a task through the task services, and GET gives back what Apple stored, kept properties verbatim', async () => {
    const created = await put(APPLE_NAME, APPLE_REMINDER, { 'if-none-match': '*' });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(created.headers.get('etag')).toBeNull();
    const row = (await objectRow(APPLE_NAME))!;
    expect(row.uid).toBe('6F1C7A8E-3C2B-4C5B-9B7E-8A0C2D4E6F10');
    const task = await (await service.request(user, `/tasks/${row.taskId}`)).json();
    expect(task).toMatchObject({ title: 'Call the plumber, about the sink', dueAt: '2026-11-24T16:00:00.000Z', priority: 'urgent', remindBefore: 10, status: 'pending' });
    expect(await eventsOf(row.taskId)).toEqual(['task.created']);
    expect(await service.database.db.reminder.findUnique({ where: { taskId_slot: { taskId: row.taskId, slot: 0 } } })).toMatchObject({ fireAt: new Date('2026-11-24T15:50:00Z'), state: 'scheduled' });
    const lines = unfoldLines(await (await dav(`${inbox}${APPLE_NAME}`, { method: 'GET' })).text());
    for (const line of unfoldLines(APPLE_REMINDER).filter((l) => /^(X-APPLE|URL|X-WR-ALARMUID|TRIGGER|UID|SEQUENCE|PRIORITY)/.test(l))) {
      expect(lines, line).toContain(line);
    }
    // Again with If-None-Match: * is a 412: it exists now.
    await expectDavError(await put(APPLE_NAME, APPLE_REMINDER, { 'if-none-match': '*' }), 412);
  });

  it('several VALARMs are the task\'s reminders, fire on their own schedules, and come back on GET; a REST change moves them', async () => {
    const vtodo = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', 'BEGIN:VTODO', 'UID:several-alarms', 'SUMMARY:Dentist', 'DUE:20261124T160000Z',
      'BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:day before', 'TRIGGER;RELATED=END:-P1D', 'END:VALARM',
      'BEGIN:VALARM', 'ACTION:AUDIO', 'TRIGGER;RELATED=END:-PT15M', 'END:VALARM',
      'BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:morning', 'TRIGGER;VALUE=DATE-TIME:20261124T070000Z', 'END:VALARM',
      'END:VTODO', 'END:VCALENDAR', '',
    ].join('\r\n');
    expect((await put('several.ics', vtodo)).status).toBe(201);
    const row = (await objectRow('several.ics'))!;
    const task = await (await service.request(user, `/tasks/${row.taskId}`)).json();
    expect(task).toMatchObject({ remindBefore: 1440, reminders: [{ before: 1440 }, { before: 15 }, { at: '2026-11-24T07:00:00.000Z' }] });
    const schedules = await service.database.db.reminder.findMany({ where: { taskId: row.taskId }, orderBy: { slot: 'asc' } });
    expect(schedules.map((r) => r.fireAt.toISOString())).toEqual(['2026-11-23T16:00:00.000Z', '2026-11-24T15:45:00.000Z', '2026-11-24T07:00:00.000Z']);
    const triggers = async () => unfoldLines(await (await dav(`${inbox}several.ics`, { method: 'GET' })).text()).filter((line) => line.startsWith('TRIGGER'));
    expect(await triggers()).toEqual(['TRIGGER;RELATED=END:-P1D', 'TRIGGER;RELATED=END:-PT15M', 'TRIGGER;VALUE=DATE-TIME:20261124T070000Z']);
    const patched = await service.request(user, `/tasks/${row.taskId}`, jsonRequest('PATCH', { reminders: [{ before: 1440 }, { at: '2026-11-24T08:00:00Z' }] }));
    expect(patched.status).toBe(200);
    expect(await triggers()).toEqual(['TRIGGER;RELATED=END:-P1D', 'TRIGGER;VALUE=DATE-TIME:20261124T080000Z']);
  });

  it('PUT with If-Match changes only the version the client saw; a stale one is 412 and changes nothing', async () => {
    const etag = await etagOf(APPLE_NAME);
    const changed = APPLE_REMINDER.replace('SUMMARY:Call the plumber\\, about the sink', 'SUMMARY:Call the plumber today');
    await expectDavError(await put(APPLE_NAME, changed, { 'if-match': '"stale"' }), 412);
    expect((await put(APPLE_NAME, changed, { 'if-match': etag })).status).toBe(204);
    await expectDavError(await put(APPLE_NAME, changed.replace('today', 'tomorrow'), { 'if-match': etag }), 412);
    const row = (await objectRow(APPLE_NAME))!;
    expect(await (await service.request(user, `/tasks/${row.taskId}`)).json()).toMatchObject({ title: 'Call the plumber today' });
    expect(await eventsOf(row.taskId)).toEqual(['task.created', 'task.updated']);
    expect(await etagOf(APPLE_NAME)).not.toBe(etag);
  });

  it('completing a repeating task moves it to its next occurrence, as Tickler’s own complete does', async () => {
    const weekly = TODOMAN_TASK.replace('UID:d4c7a3e0b1f94a3e8f2e6a0b9c8d7e6f@example', 'UID:weekly-1').replace('STATUS:NEEDS-ACTION', 'RRULE:FREQ=WEEKLY');
    expect((await put('weekly-1.ics', weekly)).status).toBe(201);
    const before = await etagOf('weekly-1.ics');
    const row = (await objectRow('weekly-1.ics'))!;
    expect((await put('weekly-1.ics', weekly.replace('RRULE:FREQ=WEEKLY', 'RRULE:FREQ=WEEKLY\r\nSTATUS:COMPLETED'))).status).toBe(204);
    const task = await (await service.request(user, `/tasks/${row.taskId}`)).json();
    expect(task).toMatchObject({ status: 'pending', recurrence: 'FREQ=WEEKLY', dueAt: '2026-12-02T17:00:00.000Z' });
    expect(await eventsOf(row.taskId)).toEqual(['task.created', 'task.occurrence_completed']);
    const now = await dav(`${inbox}weekly-1.ics`, { method: 'GET' });
    expect(now.headers.get('etag')).not.toBe(before);
    expect(unfoldLines(await now.text())).toEqual(expect.arrayContaining(['STATUS:NEEDS-ACTION', 'DUE;TZID=Europe/Berlin:20261202T180000']));
  });

  it('refuses what is not a task it can take, whole: 400, 403, 409, 413, 415', async () => {
    const before = await service.database.db.task.count({ where: { userId: user } });
    await expectDavError(await put('event.ics', VEVENT_OBJECT), 403, 'supported-calendar-component');
    await expectDavError(await put('bad.ics', 'BEGIN:VCALENDAR\r\nnonsense\r\nEND:VCALENDAR\r\n'), 400, 'valid-calendar-data');
    await expectDavError(await put('long.ics', TODOMAN_TASK.replace('SUMMARY:Buy milk', `SUMMARY:${'x'.repeat(501)}`)), 400);
    await expectDavError(await put('copy.ics', APPLE_REMINDER), 409, 'no-uid-conflict');
    await expectDavError(await put('tickler-77.ics', TODOMAN_TASK), 403);
    await expectDavError(await put('json.ics', TODOMAN_TASK, { 'content-type': 'application/json' }), 415);
    await expectDavError(await put('huge.ics', TODOMAN_TASK.replace('SUMMARY:Buy milk', `DESCRIPTION:${'x'.repeat(300 * 1024)}`)), 413);
    expect(await service.database.db.task.count({ where: { userId: user } })).toBe(before);
    expect(await service.database.db.caldavObject.count({ where: { userId: user, name: { in: ['event.ics', 'bad.ics', 'long.ics', 'copy.ics', 'json.ics', 'huge.ics'] } } })).toBe(0);
  });

  it('DELETE deletes the task for good (If-Match checked first); another user cannot reach it', async () => {
    const row = (await objectRow(APPLE_NAME))!;
    const other = await makeAppPassword(service, 'pia');
    await expectDavError(await davRequest(service, { userId: 'pia', password: other.password }, `${inbox}${APPLE_NAME}`, { method: 'DELETE' }), 404);
    await expectDavError(await dav(`${inbox}${APPLE_NAME}`, { method: 'DELETE', headers: { 'if-match': '"old"' } }), 412);
    expect((await dav(`${inbox}${APPLE_NAME}`, { method: 'DELETE', headers: { 'if-match': await etagOf(APPLE_NAME) } })).status).toBe(204);
    expect((await service.request(user, `/tasks/${row.taskId}`)).status).toBe(404);
    expect(await objectRow(APPLE_NAME)).toBeNull();
    expect((await eventsOf(row.taskId)).at(-1)).toBe('task.deleted');
    await expectDavError(await dav(`${inbox}${APPLE_NAME}`, { method: 'GET' }), 404);
    await expectDavError(await dav(inbox, { method: 'DELETE' }), 403);
  });
});
