import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandWithDateutil, expandWithIcalJs } from '../support/calendar-readers.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

/*
 * A repeating task keeps its local time across both daylight-saving changes, in zones west and east of
 * UTC and in the southern hemisphere, for daily and monthly rules, through the REST complete path.
 * Only the occurrence on a change day is special: in the spring gap the wall-clock time does not exist
 * and is read with the offset before the gap (02:30 -> 03:30, RFC 5545 3.3.5), in the autumn overlap it
 * exists twice and is the first (3.3.5); the next occurrence is at the series' own time again.
 * python-dateutil reading the feed is the oracle; ical.js is compared too (see its deviation below).
 */

interface DstCase {
  zone: string;
  change: 'spring gap' | 'autumn overlap';
  /** The local date of the change and the first occurrence (wall-clock, in the zone). */
  changeDay: string;
  first: string;
  rule: string;
  occurrences: number;
}

const CASES: DstCase[] = [
  { zone: 'America/New_York', change: 'spring gap', changeDay: '2027-03-14', first: '2027-03-12T02:30', rule: 'FREQ=DAILY', occurrences: 5 },
  { zone: 'America/New_York', change: 'spring gap', changeDay: '2027-03-14', first: '2027-01-14T02:30', rule: 'FREQ=MONTHLY', occurrences: 4 },
  { zone: 'America/New_York', change: 'autumn overlap', changeDay: '2027-11-07', first: '2027-11-05T01:30', rule: 'FREQ=DAILY', occurrences: 5 },
  { zone: 'America/New_York', change: 'autumn overlap', changeDay: '2027-11-07', first: '2027-09-07T01:30', rule: 'FREQ=MONTHLY', occurrences: 4 },
  { zone: 'Europe/Berlin', change: 'spring gap', changeDay: '2027-03-28', first: '2027-03-26T02:30', rule: 'FREQ=DAILY', occurrences: 5 },
  { zone: 'Europe/Berlin', change: 'spring gap', changeDay: '2027-03-28', first: '2027-01-28T02:30', rule: 'FREQ=MONTHLY', occurrences: 4 },
  { zone: 'Europe/Berlin', change: 'autumn overlap', changeDay: '2027-10-31', first: '2027-10-29T02:30', rule: 'FREQ=DAILY', occurrences: 5 },
  // The 31st: September has none (skipped), October's is the change day.
  { zone: 'Europe/Berlin', change: 'autumn overlap', changeDay: '2027-10-31', first: '2027-08-31T02:30', rule: 'FREQ=MONTHLY', occurrences: 4 },
  { zone: 'Australia/Sydney', change: 'spring gap', changeDay: '2027-10-03', first: '2027-10-01T02:30', rule: 'FREQ=DAILY', occurrences: 5 },
  { zone: 'Australia/Sydney', change: 'spring gap', changeDay: '2027-10-03', first: '2027-08-03T02:30', rule: 'FREQ=MONTHLY', occurrences: 4 },
  { zone: 'Australia/Sydney', change: 'autumn overlap', changeDay: '2027-04-04', first: '2027-04-02T02:30', rule: 'FREQ=DAILY', occurrences: 5 },
  { zone: 'Australia/Sydney', change: 'autumn overlap', changeDay: '2027-04-04', first: '2027-02-04T02:30', rule: 'FREQ=MONTHLY', occurrences: 4 },
];

const localOf = (iso: string, zone: string) => DateTime.fromISO(iso, { zone });

describe.each(PROVIDERS)('repeating tasks across daylight-saving changes on %s', (provider) => {
  let service: TestService;
  const clock = createManualClock(new Date('2027-01-01T00:00:00Z'));

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
  });
  afterAll(async () => service?.close());

  const feedOf = async (user: string) => {
    const { url } = (await (await service.request(user, '/calendar/feed', { method: 'POST' })).json()) as { url: string };
    return async () => (await fetch(`${service.url}${new URL(url).pathname}`)).text();
  };

  it.each(CASES.map((c, index) => [`${c.zone}, ${c.change}, ${c.rule}`, c, index] as const))('%s: the series keeps its local time', async (_name, c, index) => {
    const user = `dst-${index}`;
    await service.database.db.user.upsert({ where: { id: user }, create: { id: user, timeZone: c.zone }, update: { timeZone: c.zone } });
    const wallClock = c.first.slice(11);
    const dueAt = DateTime.fromISO(c.first, { zone: c.zone }).toUTC().toISO()!;
    clock.set(new Date(Date.parse(dueAt) - 86_400_000));
    const created = await service.request(user, '/tasks', jsonRequest('POST', { title: 'Night shift', dueAt, recurrence: c.rule }));
    expect(created.status).toBe(201);
    const task = (await created.json()) as { id: number; dueAt: string; recurrenceText: string };
    expect(task.recurrenceText).toContain(`at ${Number(wallClock.slice(0, 2))}:${wallClock.slice(3)}`);
    const readFeed = await feedOf(user);
    const uid = `task-${task.id}@tickler`;
    const feedAtStart = await readFeed();

    // Complete each occurrence on time, through REST, and follow where the task moves.
    const tickler = [task.dueAt];
    let feedOnChangeDay: string | null = null;
    const texts: string[] = [];
    while (tickler.length < c.occurrences) {
      clock.set(new Date(tickler.at(-1)!));
      expect((await service.request(user, `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
      const moved = (await (await service.request(user, `/tasks/${task.id}`)).json()) as { dueAt: string; status: string; recurrenceText: string };
      expect(moved.status).toBe('pending');
      tickler.push(moved.dueAt);
      texts.push(moved.recurrenceText);
      if (localOf(moved.dueAt, c.zone).toISODate() === c.changeDay) {
        feedOnChangeDay = await readFeed();
        const listed = ((await (await service.request(user, '/tasks')).json()) as Array<{ id: number; recurrenceText: string }>).find((t) => t.id === task.id);
        texts.push(listed!.recurrenceText);
      }
    }

    // Every occurrence at the series' wall-clock time; on the change day the one RFC 5545 names.
    const changeIndex = tickler.findIndex((at) => localOf(at, c.zone).toISODate() === c.changeDay);
    expect(changeIndex).toBeGreaterThan(0);
    tickler.forEach((at, i) => {
      const local = localOf(at, c.zone);
      if (i === changeIndex && c.change === 'spring gap') {
        // 02:30 does not exist: read with the offset before the gap, it is 03:30 (an hour later).
        expect(local.toFormat('HH:mm')).toBe(DateTime.fromISO(`2000-01-01T${wallClock}`).plus({ hours: 1 }).toFormat('HH:mm'));
        expect(Date.parse(at)).toBe(DateTime.fromISO(`${c.changeDay}T${wallClock}`, { zone: 'UTC' }).toMillis() - local.minus({ days: 1 }).offset * 60_000);
      } else {
        expect(local.toFormat('HH:mm')).toBe(wallClock);
      }
      if (i === changeIndex && c.change === 'autumn overlap') {
        // The first of the two: still at the summer offset (the larger one).
        expect(local.offset).toBe(local.minus({ days: 1 }).offset);
        expect(local.offset).toBeGreaterThan(local.plus({ days: 1 }).offset);
      }
    });
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toContain(`at ${Number(wallClock.slice(0, 2))}:${wallClock.slice(3)}`);

    // python-dateutil, reading the feed as it was at the start, and again on the change day.
    expect(tickler).toEqual(expandWithDateutil(feedAtStart, uid, 'vevent', c.occurrences));
    expect(feedOnChangeDay).not.toBeNull();
    expect(feedOnChangeDay).toContain(`DTSTART;TZID=${c.zone}:${c.changeDay.replace(/-/g, '')}T${wallClock.replace(':', '')}00`);
    expect(tickler.slice(changeIndex)).toEqual(expandWithDateutil(feedOnChangeDay!, uid, 'vevent', c.occurrences - changeIndex));

    // ical.js agrees on every other occurrence. On the change day it reads the wall-clock time with the
    // offset after the change (libical's reading): in the gap an hour before the RFC's time (01:30
    // instead of 03:30), in the overlap the second 02:30 instead of the first.
    for (const feed of [feedAtStart, feedOnChangeDay!]) {
      const fromIndex = feed === feedAtStart ? 0 : changeIndex;
      const icalJs = expandWithIcalJs(feed, uid, 'vevent', c.occurrences - fromIndex);
      const ours = tickler.slice(fromIndex);
      const dayIndex = changeIndex - fromIndex;
      expect(icalJs.filter((_at, i) => i !== dayIndex)).toEqual(ours.filter((_at, i) => i !== dayIndex));
      const shift = c.change === 'spring gap' ? -3_600_000 : 3_600_000;
      expect(Date.parse(icalJs[dayIndex]!) - Date.parse(ours[dayIndex]!)).toBe(shift);
    }
  });
});
