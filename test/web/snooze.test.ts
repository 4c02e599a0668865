import { describe, expect, it } from 'vitest';
import { snoozedDue, snoozeFor } from '../../web/src/model/snooze.js';

describe('snoozing a task moves it a day later, at its own time', () => {
  // Monday 2026-11-23, 10:00 in Berlin (UTC+1).
  const now = new Date('2026-11-23T09:00:00Z');

  it('moves a task due later today, or overdue, to tomorrow at its time', () => {
    expect(snoozedDue('2026-11-23T16:00:00Z', now, 'Europe/Berlin')).toBe('2026-11-24T16:00:00.000Z');
    expect(snoozedDue('2026-11-20T07:30:00Z', now, 'Europe/Berlin')).toBe('2026-11-24T07:30:00.000Z');
  });

  it('moves a task due on a later day one day further, never earlier', () => {
    expect(snoozedDue('2026-11-27T08:00:00Z', now, 'Europe/Berlin')).toBe('2026-11-28T08:00:00.000Z');
  });

  it('gives an undated task tomorrow at 09:00 in the zone', () => {
    expect(snoozedDue(null, now, 'Europe/Berlin')).toBe('2026-11-24T08:00:00.000Z');
    expect(snoozedDue(null, now, 'America/New_York')).toBe('2026-11-24T14:00:00.000Z');
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // Saturday 2026-03-28 09:00 in Berlin (UTC+1) → Sunday 09:00, which is UTC+2.
    expect(snoozedDue('2026-03-28T08:00:00Z', new Date('2026-03-28T07:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29T07:00:00.000Z');
  });
});

describe('the snooze presets for a reminder', () => {
  // Monday 2026-11-23, 10:00 in Berlin (UTC+1).
  const now = new Date('2026-11-23T09:00:00Z');

  it('are 10 minutes and an hour from now, 18:00 this evening and 09:00 tomorrow in the zone', () => {
    expect(snoozeFor('minutes-10', now, 'Europe/Berlin')).toEqual({ minutes: 10 });
    expect(snoozeFor('hour-1', now, 'Europe/Berlin')).toEqual({ minutes: 60 });
    expect(snoozeFor('evening', now, 'Europe/Berlin')).toEqual({ until: '2026-11-23T17:00:00.000Z' });
    expect(snoozeFor('morning', now, 'Europe/Berlin')).toEqual({ until: '2026-11-24T08:00:00.000Z' });
    // The same instant is already Monday evening in Tokyo, and still early Monday morning in New York.
    expect(snoozeFor('morning', now, 'Asia/Tokyo')).toEqual({ until: '2026-11-24T00:00:00.000Z' });
    expect(snoozeFor('morning', now, 'America/New_York')).toEqual({ until: '2026-11-24T14:00:00.000Z' });
  });

  it('offers no "this evening" once 18:00 has passed', () => {
    expect(snoozeFor('evening', new Date('2026-11-23T17:00:00Z'), 'Europe/Berlin')).toBeNull();
    expect(snoozeFor('morning', new Date('2026-11-23T22:30:00Z'), 'Europe/Berlin')).toEqual({ until: '2026-11-24T08:00:00.000Z' });
  });

  it('keeps 09:00 on the wall clock across a daylight-saving change', () => {
    expect(snoozeFor('morning', new Date('2026-03-28T20:00:00Z'), 'Europe/Berlin')).toEqual({ until: '2026-03-29T07:00:00.000Z' });
  });
});
