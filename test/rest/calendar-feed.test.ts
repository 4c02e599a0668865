import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(PROVIDERS)('calendar feed on %s', (provider) => {
  let service: TestService;
  const clock = createManualClock(NOW);
  const create = async (user: string, body: Record<string, unknown>) =>
    (await (await service.request(user, '/tasks', jsonRequest('POST', body))).json()) as any;
  const feedUrl = async (user: string): Promise<string> => {
    const response = await service.request(user, '/calendar/feed', { method: 'POST' });
    expect(response.status).toBe(201);
    return ((await response.json()) as { url: string }).url;
  };
  // The feed is read without a bearer token, as a calendar app would.
  const read = (url: string, init: RequestInit = {}) => fetch(`${service.url}${new URL(url).pathname}${new URL(url).search}`, init);

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
  });
  afterAll(async () => service?.close());

  it('serves every dated pending task as a VEVENT that ical.js reads back: summary, text, start, rule, alarm, URL', async () => {
    const title = 'Call mom; about Sunday, and the café — with a long title that has to be folded over several lines of the file';
    const a = await create('cal', { title, description: 'line one\nline two, with \\ backslash', dueAt: '2026-11-22T17:00:00Z', remindBefore: 10 });
    const b = await create('cal', { title: 'Bins', dueAt: '2026-11-23T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO', remindBefore: 60 });
    await create('cal', { title: 'Undated' });
    const done = await create('cal', { title: 'Done', dueAt: '2026-11-22T10:00:00Z' });
    await service.request('cal', `/tasks/${done.id}`, { method: 'DELETE' });
    await create('someone-else', { title: 'Not mine', dueAt: '2026-11-22T10:00:00Z' });

    const url = await feedUrl('cal');
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const response = await read(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    // CRLF everywhere, no physical line over 75 octets.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Tickler');
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events.map((e) => e.summary).sort()).toEqual(['Bins', title].sort());
    const first = events.find((e) => e.uid === `task-${a.id}@tickler`)!;
    expect(first.description).toBe('line one\nline two, with \\ backslash');
    expect(first.startDate.toJSDate().toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(first.endDate.toJSDate().getTime() - first.startDate.toJSDate().getTime()).toBe(15 * 60_000);
    expect(first.component.getFirstPropertyValue('url')).toContain(`task=${a.id}`);
    const alarm = first.component.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect((alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-600);
    const bins = events.find((e) => e.uid === `task-${b.id}@tickler`)!;
    expect(bins.isRecurring()).toBe(true);
    expect(bins.component.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=WEEKLY;BYDAY=MO');
    const next = bins.iterator();
    expect([next.next()!.toJSDate().toISOString(), next.next()!.toJSDate().toISOString()]).toEqual([
      '2026-11-23T07:00:00.000Z',
      '2026-11-30T07:00:00.000Z',
    ]);
    expect((bins.component.getFirstSubcomponent('valarm')!.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-3600);
  });

  it("writes a repeating task in the user's zone with a VTIMEZONE, so calendar apps keep 09:00 local across DST", async () => {
    const user = 'berlin';
    const zoneSet = await graphqlRequest<any, any>(service, user, 'mutation { setTimeZone(timeZone: "Europe/Berlin") { timeZone } }');
    expect(zoneSet.body.data.setTimeZone.timeZone).toBe('Europe/Berlin');
    // 09:00 in Berlin: 08:00Z in winter time, 07:00Z from 29 March 2026 (summer time).
    const daily = await create(user, { title: 'Daily 9:00', dueAt: '2026-03-27T08:00:00Z', recurrence: 'FREQ=DAILY;UNTIL=20260402', remindBefore: 10 });
    const sunday = await create(user, { title: 'Sundays 9:00', dueAt: '2026-10-18T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=SU' });
    const once = await create(user, { title: 'Once', dueAt: '2026-12-01T08:00:00Z' });
    const url = await feedUrl(user);

    const text = await (await read(url)).text();
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20260327T090000');
    expect(text).toContain('DTSTART:20261201T080000Z');
    const calendar = new ICAL.Component(ICAL.parse(text));
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    const events = new Map(calendar.getAllSubcomponents('vevent').map((c) => [c.getFirstPropertyValue('uid'), new ICAL.Event(c)]));
    const occurrences = (event: ICAL.Event, until: string) => {
      const found: string[] = [];
      const iterator = event.iterator();
      for (let next = iterator.next(); next && next.toJSDate().toISOString() <= until; next = iterator.next()) found.push(next.toJSDate().toISOString());
      return found;
    };

    const dailyEvent = events.get(`task-${daily.id}@tickler`)!;
    expect(dailyEvent.startDate.zone.tzid).toBe('Europe/Berlin');
    // The date-only UNTIL includes that whole local day.
    expect(occurrences(dailyEvent, '2027-01-01')).toEqual([
      '2026-03-27T08:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-03-31T07:00:00.000Z',
      '2026-04-01T07:00:00.000Z',
      '2026-04-02T07:00:00.000Z',
    ]);
    const sundays = occurrences(events.get(`task-${sunday.id}@tickler`)!, '2046-12-31');
    expect(sundays.slice(0, 3)).toEqual(['2026-10-18T07:00:00.000Z', '2026-10-25T08:00:00.000Z', '2026-11-01T08:00:00.000Z']);
    // Twenty years on, past the years the VTIMEZONE lists one by one, still 09:00 in Berlin.
    const berlin = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/Berlin' }).toFormat('HH:mm');
    expect(sundays.length).toBeGreaterThan(1_000);
    expect(new Set(sundays.map(berlin))).toEqual(new Set(['09:00']));
    expect(sundays.filter((at) => at.startsWith('2046-07-'))[0]).toBe('2046-07-01T07:00:00.000Z');
    expect(sundays.filter((at) => at.startsWith('2046-12-'))[0]).toBe('2046-12-02T08:00:00.000Z');
    expect(events.get(`task-${once.id}@tickler`)!.startDate.toJSDate().toISOString()).toBe('2026-12-01T08:00:00.000Z');

    // VTODO: DUE in the zone too.
    const todos = new ICAL.Component(ICAL.parse(await (await read(`${url}?kind=todo`)).text()));
    const dailyTodo = todos.getAllSubcomponents('vtodo').find((c) => c.getFirstPropertyValue('uid') === `task-${daily.id}@tickler`)!;
    const due = dailyTodo.getFirstPropertyValue('due') as ICAL.Time;
    expect(due.zone.tzid).toBe('Europe/Berlin');
    expect(due.toJSDate().toISOString()).toBe('2026-03-27T08:00:00.000Z');
    expect(todos.getAllSubcomponents('vtimezone')).toHaveLength(1);
  });

  it('?kind=todo gives VTODOs with DUE, STATUS, PRIORITY, and COMPLETED for recently completed tasks', async () => {
    const open = await create('todo', { title: 'Open', dueAt: '2026-11-22T09:00:00Z', priority: 'high' });
    const undated = await create('todo', { title: 'Someday' });
    const closed = await create('todo', { title: 'Closed', dueAt: '2026-11-20T09:00:00Z' });
    await service.request('todo', `/tasks/${closed.id}`, { method: 'DELETE' });
    const text = await (await read(`${await feedUrl('todo')}?kind=todo`)).text();
    const todos = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vtodo');
    const byUid = new Map(todos.map((todo) => [todo.getFirstPropertyValue('uid'), todo]));
    expect(byUid.size).toBe(3);
    const openTodo = byUid.get(`task-${open.id}@tickler`)!;
    expect((openTodo.getFirstPropertyValue('due') as ICAL.Time).toJSDate().toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(openTodo.getFirstPropertyValue('status')).toBe('NEEDS-ACTION');
    expect(openTodo.getFirstPropertyValue('priority')).toBe(1);
    expect(byUid.get(`task-${undated.id}@tickler`)!.getFirstPropertyValue('due')).toBeNull();
    const closedTodo = byUid.get(`task-${closed.id}@tickler`)!;
    expect(closedTodo.getFirstPropertyValue('status')).toBe('COMPLETED');
    expect((closedTodo.getFirstPropertyValue('completed') as ICAL.Time).toJSDate().toISOString()).toBe(NOW.toISOString());
  });

  it('answers 304 to If-None-Match with the ETag, and a new ETag once a task changes', async () => {
    const task = await create('etag', { title: 'Tag', dueAt: '2026-11-22T09:00:00Z' });
    const url = await feedUrl('etag');
    const first = await read(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await read(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    clock.set(new Date(NOW.getTime() + 60_000));
    await service.request('etag', `/tasks/${task.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"title":"Tag 2"}' });
    const changed = await read(url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    clock.set(NOW);
  });

  it('compares If-None-Match weakly (RFC 9110): W/ tags, lists and * answer 304; other tags and unreadable values 200', async () => {
    await create('weak', { title: 'Weak', dueAt: '2026-11-22T09:00:00Z' });
    const url = await feedUrl('weak');
    const etag = (await read(url)).headers.get('etag')!;
    const other = '"c29tZXRoaW5nIGVsc2UsIHJlYWxseQ"';
    for (const value of [`W/${etag}`, `${other}, W/${etag}`, ` W/"x,y" ,${etag}`, '*', `${other},\t${etag}`]) {
      const response = await read(url, { headers: { 'if-none-match': value } });
      expect(response.status, value).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(await response.text()).toBe('');
    }
    for (const value of [other, `W/${other}`, etag.slice(1, -1), `${etag} junk`, `w/${etag}`, '']) {
      const response = await read(url, { headers: { 'if-none-match': value } });
      expect(response.status, value).toBe(200);
      expect(await response.text()).toContain('BEGIN:VCALENDAR');
    }
  });

  it('rotating makes the old URL a 404 at once; DELETE turns the feed off; tokens are stored hashed', async () => {
    const old = await feedUrl('rotator');
    const fresh = await feedUrl('rotator');
    expect(fresh).not.toBe(old);
    await expectErrorResponse(await read(old), 404);
    expect((await read(fresh)).status).toBe(200);
    const token = new URL(fresh).pathname.slice('/calendar/'.length, -'.ics'.length);
    const stored = await service.database.db.calendarFeed.findUniqueOrThrow({ where: { userId: 'rotator' } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await service.request('rotator', '/calendar/feed', { method: 'DELETE' })).status).toBe(204);
    await expectErrorResponse(await read(fresh), 404);
  });

  it('answers 404 for unknown or malformed feed names, and 401 to turning a feed on without a token', async () => {
    for (const name of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', 'nope', 'x.ics', '%00.ics']) {
      await expectErrorResponse(await fetch(`${service.url}/calendar/${name}`), 404);
    }
    await expectErrorResponse(await service.request(null, '/calendar/feed', { method: 'POST' }), 401);
  });

  it('GraphQL: createCalendarFeed rotates, deleteCalendarFeed turns it off', async () => {
    const created = await graphqlRequest<any, any>(service, 'gql-cal', 'mutation { createCalendarFeed { url } }');
    const url = created.body.data.createCalendarFeed.url as string;
    expect((await read(url)).status).toBe(200);
    const off = await graphqlRequest<any, any>(service, 'gql-cal', 'mutation { deleteCalendarFeed }');
    expect(off.body.data.deleteCalendarFeed).toBe(true);
    await expectErrorResponse(await read(url), 404);
    const again = await graphqlRequest<any, any>(service, 'gql-cal', 'mutation { deleteCalendarFeed }');
    expect(again.body.data.deleteCalendarFeed).toBe(false);
  });
});
