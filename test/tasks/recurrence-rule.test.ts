import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { normalizeRecurrence } from '../../src/tasks/recurrence-rule.js';

describe('normalizeRecurrence', () => {
  it('puts a rule in canonical form', () => {
    expect(normalizeRecurrence('rrule:byday=mo,we;freq=weekly;interval=2')).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE');
    expect(normalizeRecurrence('FREQ=MONTHLY;BYDAY=-1FR;COUNT=12')).toBe('FREQ=MONTHLY;COUNT=12;BYDAY=-1FR');
    expect(normalizeRecurrence('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3;UNTIL=20301231T235959Z')).toBe(
      'FREQ=YEARLY;UNTIL=20301231T235959Z;BYMONTH=3;BYMONTHDAY=3',
    );
    expect(normalizeRecurrence('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1')).toBe('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
  });

  it.each([
    ['FREQ=HOURLY', /at most daily/],
    ['FREQ=MINUTELY', /at most daily/],
    ['FREQ=SECONDLY', /at most daily/],
    ['FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23', /1000 occurrences a year/],
    ['FREQ=DAILY;BYMINUTE=0,30', /1000 occurrences a year/],
    ['FREQ=FORTNIGHTLY', /FREQ must be one of/],
    ['BYDAY=MO', /must have a FREQ/],
    ['every monday', /RRULE value/],
    ['', /RRULE value/],
    ['FREQ=DAILY;FREQ=WEEKLY', /given twice/],
    ['FREQ=DAILY;INTERVAL=0', /INTERVAL/],
    ['FREQ=DAILY;COUNT=-1', /COUNT/],
    ['FREQ=DAILY;COUNT=3;UNTIL=20301231', /COUNT and UNTIL/],
    ['FREQ=DAILY;UNTIL=20260230', /not a real date/],
    ['FREQ=DAILY;UNTIL=2026', /UNTIL must be/],
    ['FREQ=MONTHLY;BYMONTHDAY=32', /out of range/],
    ['FREQ=MONTHLY;BYMONTHDAY=0', /out of range/],
    ['FREQ=YEARLY;BYMONTH=13', /out of range/],
    ['FREQ=WEEKLY;BYDAY=XX', /not a weekday/],
    ['FREQ=WEEKLY;BYDAY=1MO', /ordinals/],
    ['FREQ=MONTHLY;BYDAY=6MO', /ordinal/],
    ['FREQ=MONTHLY;BYSETPOS=1', /BYSETPOS needs/],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', /never occurs/],
    ['FREQ=DAILY;X-NAME=1', /RRULE value/],
    ['FREQ=DAILY;RSCALE=GREGORIAN', /not supported/],
    ['FREQ=' + 'DAILY'.repeat(200), /at most 500/],
  ])('refuses %s', (rule, message) => {
    let error: unknown;
    try {
      normalizeRecurrence(rule);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toMatch(message);
  });
});
