import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandWithDateutil, expandWithIcalJs, expandWithNodeIcal, type FeedComponent } from '../support/calendar-readers.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

/*
 * Both feeds (VEVENTs, and VTODOs with ?kind=todo) as three other programs read them: ical.js,
 * node-ical and python-dateutil each expand every repeating task to the occurrences the service itself
 * moves the task through when it is completed, one by one, over REST.
 */

const START = new Date('2027-03-01T00:00:00Z');

interface Series {
  title: string;
  /** Local wall-clock time in the user's zone. */
  dueAt: string;
  recurrence: string;
}

const USERS: Array<{ user: string; zone: string; series: Series[] }> = [
  {
    user: 'readers-berlin',
    zone: 'Europe/Berlin',
    series: [
      // Across the spring change on 28 March: 09:00 local all along.
      { title: 'Stretch', dueAt: '2027-03-26T09:00', recurrence: 'FREQ=DAILY;COUNT=6' },
      { title: 'Gym', dueAt: '2027-03-22T18:00', recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270412' },
      { title: 'Rent', dueAt: '2027-03-26T07:30', recurrence: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=4' },
    ],
  },
  // A UTC user: the feed's times are UTC, with no VTIMEZONE.
  { user: 'readers-utc', zone: 'UTC', series: [{ title: 'Backup', dueAt: '2027-03-05T22:15', recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;COUNT=3' }] },
];

describe.each(PROVIDERS)('the calendar feeds as ical.js, node-ical and python-dateutil read them, on %s', (provider) => {
  let service: TestService;
  const clock = createManualClock(START);

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
  });
  afterAll(async () => service?.close());

  it.each(USERS.map((u) => [u.zone, u] as const))('%s: every repeating task expands to the occurrences the service moves it through', async (_zone, u) => {
    clock.set(START);
    await service.database.db.user.upsert({ where: { id: u.user }, create: { id: u.user, timeZone: u.zone }, update: { timeZone: u.zone } });
    const tasks: Array<{ id: number; dueAt: string }> = [];
    for (const series of u.series) {
      const dueAt = DateTime.fromISO(series.dueAt, { zone: u.zone }).toUTC().toISO();
      const response = await service.request(u.user, '/tasks', jsonRequest('POST', { ...series, dueAt }));
      expect(response.status).toBe(201);
      tasks.push((await response.json()) as { id: number; dueAt: string });
    }
    const once = (await (await service.request(u.user, '/tasks', jsonRequest('POST', { title: 'Once', dueAt: '2027-03-10T10:00:00Z' }))).json()) as { id: number };
    const { url } = (await (await service.request(u.user, '/calendar/feed', { method: 'POST' })).json()) as { url: string };
    const read = async (query: string) => (await fetch(`${service.url}${new URL(url).pathname}${query}`)).text();
    const feeds: Record<FeedComponent, string> = { vevent: await read(''), vtodo: await read('?kind=todo') };

    // Every repeating VTODO has a DTSTART equal to its DUE, in the same zone; a plain one has none.
    const todos = new ICAL.Component(ICAL.parse(feeds.vtodo)).getAllSubcomponents('vtodo');
    for (const task of tasks) {
      const todo = todos.find((c) => c.getFirstPropertyValue('uid') === `task-${task.id}@tickler`)!;
      const [start, due] = [todo.getFirstProperty('dtstart'), todo.getFirstProperty('due')];
      expect(start).not.toBeNull();
      expect(start!.getFirstValue()!.toString()).toBe(due!.getFirstValue()!.toString());
      expect(start!.getParameter('tzid')).toBe(due!.getParameter('tzid'));
      expect((start!.getFirstValue() as ICAL.Time).toJSDate().toISOString()).toBe(task.dueAt);
    }
    expect(todos.find((c) => c.getFirstPropertyValue('uid') === `task-${once.id}@tickler`)!.getFirstProperty('dtstart')).toBeNull();

    // node-ical reads both documents whole: each repeating component with its start and rule.
    for (const kind of ['vevent', 'vtodo'] as const) {
      const parsed = Object.values(ical.sync.parseICS(feeds[kind])).filter((entry) => entry?.type === kind.toUpperCase());
      expect(parsed).toHaveLength(tasks.length + 1);
      for (const task of tasks) {
        const entry = parsed.find((e) => (e as { uid?: string }).uid === `task-${task.id}@tickler`) as ical.VEvent;
        expect(entry.start.toISOString()).toBe(task.dueAt);
        expect(entry.rrule).toBeDefined();
      }
    }

    // The service's own occurrences: complete each on time until the rule ends.
    for (const task of tasks) {
      const occurrences = [task.dueAt];
      for (let step = 0; step < 20; step += 1) {
        clock.set(new Date(occurrences.at(-1)!));
        expect((await service.request(u.user, `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
        const moved = (await (await service.request(u.user, `/tasks/${task.id}`)).json()) as { dueAt: string; status: string };
        if (moved.status === 'completed') break;
        occurrences.push(moved.dueAt);
      }
      expect(occurrences.length).toBeGreaterThanOrEqual(3);
      const uid = `task-${task.id}@tickler`;
      for (const kind of ['vevent', 'vtodo'] as const) {
        expect(expandWithIcalJs(feeds[kind], uid, kind, 50), `ical.js, ${kind}`).toEqual(occurrences);
        expect(expandWithNodeIcal(feeds[kind], uid, 50, START, new Date('2028-12-31T00:00:00Z')), `node-ical, ${kind}`).toEqual(occurrences);
        expect(expandWithDateutil(feeds[kind], uid, kind, 50), `python-dateutil, ${kind}`).toEqual(occurrences);
      }
    }
  });
});
