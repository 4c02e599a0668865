import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  fieldsOfDue,
  formatClock,
  formatDayName,
  formatDue,
  formatWhen,
  groupTasks,
  instantOf,
  languageName,
  localDay,
  localTime,
  quickDates,
  weekdayOf,
} from '../../web/src/model/dates.js';

const task = (title: string, dueAt: string | null) => ({ title, dueAt });
const titles = (list: { title: string }[]) => list.map((item) => item.title);

describe('the daily queue groups pending tasks by the browser’s day', () => {
  // 2026-11-23 23:30 in Berlin (UTC+1) is 22:30 UTC: the day is nearly over there, not in New York.
  const now = new Date('2026-11-23T22:30:00Z');

  it('puts past due times under Overdue, later today (then undated) under Today, later days under Upcoming', () => {
    const groups = groupTasks(
      [
        task('tomorrow morning', '2026-11-24T07:00:00Z'),
        task('undated', null),
        task('late tonight', '2026-11-23T22:50:00Z'),
        task('this morning', '2026-11-23T08:00:00Z'),
        task('last week', '2026-11-16T08:00:00Z'),
        task('next year', '2027-01-02T08:00:00Z'),
      ],
      now,
      'Europe/Berlin',
    );
    expect(titles(groups.overdue)).toEqual(['last week', 'this morning']);
    expect(titles(groups.today)).toEqual(['late tonight', 'undated']);
    expect(titles(groups.upcoming)).toEqual(['tomorrow morning', 'next year']);
  });

  it('reads "today" in the given zone: 23:10 UTC is already tomorrow in Berlin, still today in New York', () => {
    const late = [task('at 23:10 UTC', '2026-11-23T23:10:00Z')];
    expect(titles(groupTasks(late, now, 'Europe/Berlin').upcoming)).toEqual(['at 23:10 UTC']);
    expect(titles(groupTasks(late, now, 'America/New_York').today)).toEqual(['at 23:10 UTC']);
  });

  it('counts a task due exactly now as today, not overdue', () => {
    const groups = groupTasks([task('now', now.toISOString())], now, 'UTC');
    expect(titles(groups.today)).toEqual(['now']);
    expect(groups.overdue).toEqual([]);
  });

  it('keeps the given order for equal due times and leaves the input alone', () => {
    const input = [task('b', '2026-11-24T09:00:00Z'), task('a', '2026-11-24T09:00:00Z')];
    expect(titles(groupTasks(input, now, 'UTC').upcoming)).toEqual(['b', 'a']);
    expect(titles(input)).toEqual(['b', 'a']);
  });
});

describe('wall-clock dates and times', () => {
  it('reads the day and time of an instant in a zone', () => {
    const instant = new Date('2026-11-23T23:10:00Z');
    expect(localDay(instant, 'Europe/Berlin')).toBe('2026-11-24');
    expect(localDay(instant, 'America/New_York')).toBe('2026-11-23');
    expect(localTime(instant, 'Europe/Berlin')).toBe('00:10');
    expect(localTime(instant, 'Asia/Kolkata')).toBe('04:40');
  });

  it('turns a date and time in a zone into the instant, across offsets and DST changes', () => {
    expect(instantOf('2026-11-24', '17:00', 'Europe/Berlin')).toBe('2026-11-24T16:00:00.000Z');
    expect(instantOf('2026-07-01', '17:00', 'Europe/Berlin')).toBe('2026-07-01T15:00:00.000Z');
    expect(instantOf('2026-11-24', '17:00', 'America/New_York')).toBe('2026-11-24T22:00:00.000Z');
    expect(instantOf('2026-03-08', '12:00', 'America/New_York')).toBe('2026-03-08T16:00:00.000Z'); // DST day, after the change
    expect(instantOf('2026-03-29', '01:30', 'Europe/Berlin')).toBe('2026-03-29T00:30:00.000Z'); // before the change
    expect(instantOf('2026-03-29', '03:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z'); // after it
    // 02:30 does not exist that night in Berlin: it moves forward by the gap, as clocks do.
    expect(instantOf('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(instantOf('2026-11-24', '00:00', 'UTC')).toBe('2026-11-24T00:00:00.000Z');
  });

  it('round-trips every quarter hour of a day with a DST change', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const instant = new Date(instantOf('2026-10-25', time, 'Europe/Berlin'));
      expect(localDay(instant, 'Europe/Berlin')).toBe('2026-10-25');
      expect(localTime(instant, 'Europe/Berlin')).toBe(time);
    }
  });
});

describe('dates and times as the person reads them', () => {
  // Monday 2026-11-23 17:05 in Berlin, 11:05 in New York.
  const instant = new Date('2026-11-23T16:05:00Z');

  it("formats the time of day in the person's locale and zone", () => {
    expect(formatClock(instant, 'Europe/Berlin', 'de-DE')).toBe('17:05');
    expect(formatClock(instant, 'Europe/Berlin', 'en-US')).toBe('5:05 PM');
    expect(formatClock(instant, 'America/New_York', 'en-US')).toBe('11:05 AM');
    expect(formatClock(instant, 'Europe/Paris', 'fr-FR')).toBe('17:05');
  });

  it('says a due time alone for today, with a day name otherwise, and "No date" without one', () => {
    const now = new Date('2026-11-23T08:00:00Z'); // Monday morning in Berlin
    expect(formatDue(instant.toISOString(), now, 'Europe/Berlin', 'de-DE')).toBe('17:05');
    expect(formatDue('2026-11-24T08:00:00Z', now, 'Europe/Berlin', 'de-DE')).toBe('Morgen, 9:00');
    expect(formatDue('2026-11-24T08:00:00Z', now, 'Europe/Berlin', 'en-US')).toBe('Tomorrow, 9:00 AM');
    expect(formatDue('2026-11-27T08:00:00Z', now, 'Europe/Berlin', 'en-GB')).toBe('Friday, 9:00');
    expect(formatDue('2026-12-01T08:00:00Z', now, 'Europe/Berlin', 'en-GB')).toBe('Tue 1 Dec, 9:00');
    expect(formatDue('2026-12-01T08:00:00Z', now, 'Europe/Berlin', 'de-DE')).toBe('Di., 1. Dez., 9:00');
    expect(formatDue('2026-12-01T08:00:00Z', now, 'Europe/Madrid', 'es-ES')).toBe('mar, 1 dic, 9:00');
    expect(formatDue(null, now, 'Europe/Berlin', 'de-DE')).toBe('No date');
  });

  it('names a capture language in the app’s English', () => {
    expect(['en', 'de', 'fr', 'es', 'pt', 'nl', 'it'].map((code) => languageName(code))).toEqual([
      'English',
      'German',
      'French',
      'Spanish',
      'Portuguese',
      'Dutch',
      'Italian',
    ]);
  });
});

describe('day names relative to today, in the person\'s locale and zone', () => {
  // Monday 2026-11-23, 10:00 in Berlin.
  const now = new Date('2026-11-23T09:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('says Today, Tomorrow and Yesterday in the locale\'s words, capitalised', () => {
    expect(formatDayName(at('2026-11-23T20:00:00Z'), now, 'Europe/Berlin', 'en-US')).toBe('Today');
    expect(formatDayName(at('2026-11-24T20:00:00Z'), now, 'Europe/Berlin', 'en-US')).toBe('Tomorrow');
    expect(formatDayName(at('2026-11-22T20:00:00Z'), now, 'Europe/Berlin', 'en-US')).toBe('Yesterday');
    expect(formatDayName(at('2026-11-24T20:00:00Z'), now, 'Europe/Berlin', 'de-DE')).toBe('Morgen');
    expect(formatDayName(at('2026-11-23T20:00:00Z'), now, 'Europe/Paris', 'fr-FR')).toBe('Aujourd’hui');
  });

  it('names the weekday within the coming week, then the date; the year only when it is not this one', () => {
    expect(formatDayName(at('2026-11-25T09:00:00Z'), now, 'Europe/Berlin', 'en-US')).toBe('Wednesday');
    expect(formatDayName(at('2026-11-29T09:00:00Z'), now, 'Europe/Berlin', 'en-US')).toBe('Sunday');
    expect(formatDayName(at('2026-11-29T09:00:00Z'), now, 'Europe/Berlin', 'de-DE')).toBe('Sonntag');
    // A week ahead is a date: "Monday" would be ambiguous.
    expect(formatDayName(at('2026-11-30T09:00:00Z'), now, 'Europe/Berlin', 'en-US')).toBe('Mon, Nov 30');
    // Two days ago is a date: a past weekday would read as the coming one.
    expect(formatDayName(at('2026-11-21T09:00:00Z'), now, 'Europe/Berlin', 'en-US')).toBe('Sat, Nov 21');
    expect(formatDayName(at('2027-01-02T09:00:00Z'), now, 'Europe/Berlin', 'en-US')).toBe('Sat, Jan 2, 2027');
  });

  it('reads the day in the zone: 23:30 UTC on Monday is already Tuesday (Tomorrow) in Berlin, still Today in New York', () => {
    const late = at('2026-11-23T23:30:00Z');
    expect(formatDayName(late, now, 'Europe/Berlin', 'en-US')).toBe('Tomorrow');
    expect(formatDayName(late, now, 'America/New_York', 'en-US')).toBe('Today');
  });

  it('joins the day and the time, never mixing 12- and 24-hour clocks within a locale', () => {
    expect(formatWhen(at('2026-11-24T16:00:00Z'), now, 'Europe/Berlin', 'en-US')).toBe('Tomorrow, 5:00 PM');
    expect(formatWhen(at('2026-11-24T16:00:00Z'), now, 'Europe/Berlin', 'en-GB')).toBe('Tomorrow, 17:00');
    expect(formatWhen(at('2026-11-24T16:00:00Z'), now, 'Europe/Berlin', 'de-DE')).toBe('Morgen, 17:00');
  });
});

describe('calendar day arithmetic for the quick date choices', () => {
  it('counts days across months, years and DST changes', () => {
    expect(daysBetween('2026-11-23', '2026-11-24')).toBe(1);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-24', '2026-11-23')).toBe(-1);
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(weekdayOf('2026-11-23')).toBe(1);
  });

  it('offers today, tomorrow, the coming weekend and next Monday, from the zone\'s today', () => {
    // Monday 2026-11-23 in Berlin.
    expect(quickDates(new Date('2026-11-23T09:00:00Z'), 'Europe/Berlin')).toEqual({
      today: '2026-11-23',
      tomorrow: '2026-11-24',
      weekend: '2026-11-28',
      nextWeek: '2026-11-30',
    });
    // Saturday: the weekend is today; Sunday: still today; next week is the coming Monday.
    expect(quickDates(new Date('2026-11-28T09:00:00Z'), 'Europe/Berlin')).toMatchObject({ weekend: '2026-11-28', nextWeek: '2026-11-30' });
    expect(quickDates(new Date('2026-11-29T09:00:00Z'), 'Europe/Berlin')).toMatchObject({ weekend: '2026-11-29', nextWeek: '2026-11-30' });
    // Friday 23:30 UTC is already Saturday in Berlin.
    expect(quickDates(new Date('2026-11-27T23:30:00Z'), 'Europe/Berlin')).toMatchObject({ today: '2026-11-28', weekend: '2026-11-28' });
    expect(quickDates(new Date('2026-11-27T23:30:00Z'), 'America/New_York')).toMatchObject({ today: '2026-11-27', weekend: '2026-11-28' });
  });

  it('gives the form fields of a stored due time in a zone', () => {
    expect(fieldsOfDue('2026-11-23T23:10:00Z', 'Europe/Berlin')).toEqual({ date: '2026-11-24', time: '00:10' });
    expect(fieldsOfDue(null, 'Europe/Berlin')).toEqual({ date: '', time: '' });
  });
});
