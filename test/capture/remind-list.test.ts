import { describe, expect, it } from 'vitest';
import { parseTaskText } from '../../src/capture/parse-task-text.js';

const options = { now: new Date('2026-12-01T10:00:00Z'), timeZone: 'Europe/Berlin', defaultTime: '09:00' };
const read = (text: string) => {
  const draft = parseTaskText(text, options);
  return { title: draft.title, dueAt: draft.dueAt?.toISOString() ?? null, remindBefore: draft.remindBefore, reminders: draft.reminders };
};

describe('capture reads a list of reminders', () => {
  it('"remind me at 8am and 10 min before": a time of its own on the due day, and one relative to the due time', () => {
    expect(read('call mom tomorrow at 5pm, remind me at 8am and 10 min before')).toEqual({
      title: 'Call mom',
      dueAt: '2026-12-02T16:00:00.000Z',
      remindBefore: 10,
      reminders: [{ at: '2026-12-02T07:00:00.000Z' }, { before: 10 }],
    });
  });

  it('"remind me tomorrow at 9": an absolute reminder in the caller\'s zone, with no due time', () => {
    expect(read('buy milk remind me tomorrow at 9')).toEqual({ title: 'Buy milk', dueAt: null, remindBefore: null, reminders: [{ at: '2026-12-02T08:00:00.000Z' }] });
  });

  it('a time already past today without a due day is the next one', () => {
    expect(read('pay rent remind me at 8am').reminders).toEqual([{ at: '2026-12-02T07:00:00.000Z' }]);
  });

  it('several relative reminders, the first of them as remindBefore', () => {
    expect(read('meeting tomorrow at 10 and remind me 1 hour before and at the time')).toMatchObject({
      title: 'Meeting',
      remindBefore: 60,
      reminders: [{ before: 60 }, { before: 0 }],
    });
  });

  it('a lone "remind me 10 minutes before" reads as it always did', () => {
    expect(read('dentist friday 3pm remind me 10 minutes before')).toMatchObject({ remindBefore: 10, reminders: [{ before: 10 }] });
  });
});
