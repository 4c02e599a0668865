import { describe, expect, it } from 'vitest';
import { describeRule, firstOccurrence, listOccurrences, nextOccurrence, seriesWallClock } from '../../src/tasks/occurrences.js';

const at = (iso: string) => ({ dueAt: new Date(iso), dueLocal: null });
const local = (dates: Date[], zone: string) =>
  dates.map((d) => d.toLocaleString('sv-SE', { timeZone: zone, timeZoneName: 'longOffset' }));

describe('occurrences in the user time zone', () => {
  it('keeps 09:00 local every day across the spring change (Berlin)', () => {
    expect(local(listOccurrences('FREQ=DAILY', at('2026-03-27T08:00:00Z'), 'Europe/Berlin', 4), 'Europe/Berlin')).toEqual([
      '2026-03-27 09:00:00 GMT+01:00',
      '2026-03-28 09:00:00 GMT+01:00',
      '2026-03-29 09:00:00 GMT+02:00',
      '2026-03-30 09:00:00 GMT+02:00',
    ]);
  });

  it('keeps 09:00 local across the autumn change (New York)', () => {
    const dates = listOccurrences('FREQ=DAILY', at('2026-10-31T13:00:00Z'), 'America/New_York', 3);
    expect(dates.map((d) => d.toISOString())).toEqual(['2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z', '2026-11-02T14:00:00.000Z']);
  });

  it('moves a time the clocks skip by the gap (02:30 -> 03:30) and takes the first of a repeated hour', () => {
    const gap = listOccurrences('FREQ=WEEKLY;BYDAY=SU', at('2026-03-01T07:30:00Z'), 'America/New_York', 3);
    expect(local(gap, 'America/New_York')[1]).toBe('2026-03-08 03:30:00 GMT−04:00');
    const overlap = listOccurrences('FREQ=DAILY', at('2026-10-31T05:30:00Z'), 'America/New_York', 2);
    expect(overlap[1]!.toISOString()).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, the first 01:30
  });

  it('skips months without the 31st (RFC 5545), and finds the last Friday', () => {
    const thirtyFirst = listOccurrences('FREQ=MONTHLY;BYMONTHDAY=31', at('2026-01-31T08:00:00Z'), 'Europe/Berlin', 4);
    expect(local(thirtyFirst, 'Europe/Berlin').map((s) => s.slice(0, 10))).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31']);
    const lastFriday = listOccurrences('FREQ=MONTHLY;BYDAY=-1FR', at('2026-03-26T22:00:00Z'), 'Australia/Sydney', 3);
    expect(local(lastFriday, 'Australia/Sydney')).toEqual([
      '2026-03-27 09:00:00 GMT+11:00',
      '2026-04-24 09:00:00 GMT+10:00',
      '2026-05-29 09:00:00 GMT+10:00',
    ]);
  });

  it('ends at a date-only UNTIL after that local day', () => {
    const dates = listOccurrences('FREQ=DAILY;UNTIL=20260329', at('2026-03-27T08:00:00Z'), 'Europe/Berlin', 10);
    expect(dates).toHaveLength(3);
  });
});

describe('nextOccurrence', () => {
  const due = at('2026-03-20T08:00:00Z'); // Friday 09:00 in Berlin

  it('on time: the occurrence after the completed one, even when completed early', () => {
    expect(nextOccurrence('FREQ=DAILY', due, 'Europe/Berlin', new Date('2026-03-20T10:00:00Z'))?.dueAt.toISOString()).toBe('2026-03-21T08:00:00.000Z');
    expect(nextOccurrence('FREQ=DAILY', due, 'Europe/Berlin', new Date('2026-03-18T10:00:00Z'))?.dueAt.toISOString()).toBe('2026-03-21T08:00:00.000Z');
  });

  it('late (a later local day): the first occurrence after today, not one per missed day', () => {
    const next = nextOccurrence('FREQ=DAILY', due, 'Europe/Berlin', new Date('2026-03-23T06:00:00Z'));
    expect(next?.dueAt.toISOString()).toBe('2026-03-24T08:00:00.000Z');
    // Weekly: done on Tuesday, due again next Friday.
    const weekly = nextOccurrence('FREQ=WEEKLY;BYDAY=FR', due, 'Europe/Berlin', new Date('2026-03-24T10:00:00Z'));
    expect(weekly?.dueAt.toISOString()).toBe('2026-03-27T08:00:00.000Z');
  });

  it('lowers COUNT by the occurrences passed and ends after the last', () => {
    expect(nextOccurrence('FREQ=DAILY;COUNT=5', due, 'Europe/Berlin', new Date('2026-03-20T10:00:00Z'))?.recurrence).toBe('FREQ=DAILY;COUNT=4');
    expect(nextOccurrence('FREQ=DAILY;COUNT=5', due, 'Europe/Berlin', new Date('2026-03-22T10:00:00Z'))?.recurrence).toBe('FREQ=DAILY;COUNT=2');
    expect(nextOccurrence('FREQ=DAILY;COUNT=1', due, 'Europe/Berlin', new Date('2026-03-20T10:00:00Z'))).toBeNull();
    expect(nextOccurrence('FREQ=DAILY;UNTIL=20260320T235959Z', due, 'Europe/Berlin', new Date('2026-03-20T10:00:00Z'))).toBeNull();
  });

  it('finds the next occurrence of a task ten years overdue without walking forever', () => {
    const next = nextOccurrence('FREQ=DAILY', at('2016-03-02T08:00:00Z'), 'Europe/Berlin', new Date('2026-03-02T09:00:00Z'));
    expect(next?.dueAt.toISOString()).toBe('2026-03-03T08:00:00.000Z');
  });
});

describe("the series' wall-clock time", () => {
  const ny = 'America/New_York';

  it('an occurrence moved by the spring gap keeps the wall-clock time it was given; the next one is at that time again', () => {
    // 02:30 on 13 March 2027 (EST); on the 14th 02:30 does not exist.
    const gapDay = nextOccurrence('FREQ=DAILY', at('2027-03-13T07:30:00Z'), ny, new Date('2027-03-13T07:30:00Z'))!;
    expect(gapDay).toEqual({ dueAt: new Date('2027-03-14T07:30:00Z'), dueLocal: '2027-03-14T02:30:00', recurrence: 'FREQ=DAILY' });
    const after = nextOccurrence('FREQ=DAILY', gapDay, ny, new Date('2027-03-14T07:30:00Z'))!;
    expect(after).toEqual({ dueAt: new Date('2027-03-15T06:30:00Z'), dueLocal: null, recurrence: 'FREQ=DAILY' });
    expect(describeRule('FREQ=DAILY', gapDay, ny)).toBe('every day at 2:30');
    // Without what it kept, the moved occurrence reads 03:30, and so would the series.
    expect(describeRule('FREQ=DAILY', { ...gapDay, dueLocal: null }, ny)).toBe('every day at 3:30');
  });

  it('a kept wall-clock time that no longer names dueAt (the zone changed) is ignored', () => {
    const kept = { dueAt: new Date('2027-03-14T07:30:00Z'), dueLocal: '2027-03-14T02:30:00' };
    expect(seriesWallClock(kept, ny).toISOString()).toBe('2027-03-14T02:30:00.000Z');
    expect(seriesWallClock(kept, 'Europe/Berlin').toISOString()).toBe('2027-03-14T08:30:00.000Z');
    expect(seriesWallClock({ ...kept, dueLocal: '2027-03-14T02:45:00' }, ny).toISOString()).toBe('2027-03-14T03:30:00.000Z');
  });

  it("the first occurrence at or after dueAt is the rule's own, and in a gap keeps its wall-clock time", () => {
    expect(firstOccurrence('FREQ=WEEKLY;BYDAY=MO,WE', at('2027-03-07T14:00:00Z'), ny)).toEqual({ dueAt: new Date('2027-03-08T14:00:00Z'), dueLocal: null });
    // Saturday 02:30 with Sundays: the first Sunday is the gap day.
    expect(firstOccurrence('FREQ=WEEKLY;BYDAY=SU', at('2027-03-13T07:30:00Z'), ny)).toEqual({
      dueAt: new Date('2027-03-14T07:30:00Z'),
      dueLocal: '2027-03-14T02:30:00',
    });
    expect(firstOccurrence('FREQ=DAILY;UNTIL=20270306', at('2027-03-07T14:00:00Z'), ny)).toBeNull();
  });
});

describe('describeRule', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO', 'every week on Monday at 9:00'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'every weekday at 9:00'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', 'every 2 weeks on Friday at 9:00'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'every month on the 1st at 9:00'],
    ['FREQ=DAILY;COUNT=3', 'every day at 9:00 for 3 times'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'every month on weekdays, only the last of them at 9:00'],
  ])('%s reads "%s"', (rule, text) => {
    expect(describeRule(rule, at('2026-03-02T08:00:00Z'), 'Europe/Berlin')).toBe(text);
  });
});
