import { describe, expect, it } from 'vitest';
import {
  beforeLabel,
  customMinutes,
  reminderInputs,
  reminderLabel,
  remindersOfDraft,
  remindersSummary,
  sameReminder,
  validNag,
} from '../../web/src/model/reminders.js';

// Monday 2026-11-23, 10:00 in Berlin (UTC+1).
const now = new Date('2026-11-23T09:00:00Z');
const zone = 'Europe/Berlin';

describe('a task’s reminders in the app', () => {
  it('says an offset the way people do: the quick choices, hours, days, and what lies between', () => {
    expect([0, 10, 30, 60].map(beforeLabel)).toEqual(['At time', '10 min before', '30 min before', '1 hour before']);
    expect(beforeLabel(120)).toBe('2 hours before');
    expect(beforeLabel(1440)).toBe('1 day before');
    expect(beforeLabel(40_320)).toBe('28 days before');
    expect(beforeLabel(90)).toBe('1 h 30 min before');
    expect(beforeLabel(45)).toBe('45 min before');
  });

  it('says an absolute reminder by its day and time in the person’s zone', () => {
    expect(reminderLabel({ at: '2026-11-24T08:00:00Z' }, now, zone)).toBe('At Tomorrow, 9:00 AM');
    expect(reminderLabel({ before: 10, nag: { every: 5, times: 3 } }, now, zone)).toBe('10 min before');
  });

  it('turns a custom amount and unit into minutes, refusing what the service would', () => {
    expect(customMinutes('2', 'days')).toBe(2880);
    expect(customMinutes(' 90 ', 'minutes')).toBe(90);
    expect(customMinutes('28', 'days')).toBe(40_320);
    expect(customMinutes('29', 'days')).toBeNull();
    expect(customMinutes('1.5', 'hours')).toBeNull();
    expect(customMinutes('', 'hours')).toBeNull();
    expect(customMinutes('-1', 'minutes')).toBeNull();
  });

  it('takes "remind until done" only within 5–240 minutes and 1–12 times', () => {
    expect(validNag(15, 4)).toEqual({ every: 15, times: 4 });
    expect(validNag(4, 4)).toBeNull();
    expect(validNag(241, 4)).toBeNull();
    expect(validNag(15, 13)).toBeNull();
    expect(validNag(Number.NaN, 4)).toBeNull();
  });

  it('sends exactly one of before and at, and nag only when set', () => {
    expect(
      reminderInputs([
        { before: 10, at: null, nag: null },
        { before: null, at: '2026-11-24T08:00:00.000Z', nag: { every: 10, times: 2 } },
      ]),
    ).toEqual([{ before: 10 }, { at: '2026-11-24T08:00:00.000Z', nag: { every: 10, times: 2 } }]);
  });

  it('takes every reminder a draft suggests, or its remindBefore from a service that sends only that', () => {
    expect(remindersOfDraft({ remindBefore: 10, reminders: [{ at: '2026-11-24T07:00:00Z', before: null }, { before: 10, at: null }] })).toEqual([
      { at: '2026-11-24T07:00:00Z' },
      { before: 10 },
    ]);
    expect(remindersOfDraft({ remindBefore: 30 })).toEqual([{ before: 30 }]);
    expect(remindersOfDraft({ remindBefore: null })).toEqual([]);
  });

  it('knows two reminders for the same moment, and sums several up for the queue', () => {
    expect(sameReminder({ at: '2026-11-24T08:00:00Z' }, { at: '2026-11-24T08:00:00.000Z' })).toBe(true);
    expect(sameReminder({ before: 0 }, { at: '2026-11-24T08:00:00Z' })).toBe(false);
    expect(remindersSummary([], now, zone)).toBeNull();
    expect(remindersSummary([{ before: 10 }, { before: 2880 }], now, zone)).toBe('10 min before +1');
  });
});
