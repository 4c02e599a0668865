import { describe, expect, it } from 'vitest';
import { groupTasks, instantOf, localDay, localTime } from '../../web/src/dates.js';

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
