import { describe, expect, it } from 'vitest';
import { describeRepeat, repeatSentence } from '../../web/src/model/repeat-text.js';

// Monday 2026-11-23, 08:00 in Berlin.
const monday8 = '2026-11-23T07:00:00Z';
const berlin = (locale = 'en-GB') => ({ timeZone: 'Europe/Berlin', locale });

describe('a repeat rule as a sentence', () => {
  it('says weekly rules by their days, with the time in the locale\'s clock', () => {
    expect(describeRepeat('FREQ=WEEKLY;BYDAY=MO', monday8, { ...berlin(), withTime: true })).toBe('Every Monday at 8:00');
    expect(describeRepeat('FREQ=WEEKLY;BYDAY=MO', monday8, { ...berlin('en-US'), withTime: true })).toBe('Every Monday at 8:00 AM');
    expect(describeRepeat('FREQ=WEEKLY', monday8, berlin())).toBe('Every Monday');
    expect(describeRepeat('FREQ=WEEKLY;BYDAY=MO,TH', monday8, berlin())).toBe('Every Monday and Thursday');
    expect(describeRepeat('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', monday8, berlin())).toBe('Every weekday');
    expect(describeRepeat('FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', monday8, berlin())).toBe('Every other Friday');
    expect(describeRepeat('FREQ=WEEKLY;INTERVAL=3;BYDAY=FR', monday8, berlin())).toBe('Every 3 weeks on Friday');
  });

  it('says daily, monthly and yearly rules, taking the day from the due date where the rule leaves it', () => {
    expect(describeRepeat('FREQ=DAILY', monday8, berlin())).toBe('Every day');
    expect(describeRepeat('FREQ=DAILY;INTERVAL=3', monday8, berlin())).toBe('Every 3 days');
    expect(describeRepeat('FREQ=MONTHLY', monday8, berlin())).toBe('Every month on the 23rd');
    expect(describeRepeat('FREQ=MONTHLY;BYMONTHDAY=1', monday8, berlin())).toBe('Every month on the 1st');
    expect(describeRepeat('FREQ=MONTHLY;BYMONTHDAY=-1', monday8, berlin())).toBe('Every month on the last day');
    expect(describeRepeat('FREQ=MONTHLY;BYDAY=-1FR', monday8, berlin())).toBe('Every month on the last Friday');
    expect(describeRepeat('FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU', monday8, berlin())).toBe('Every other month on the second Tuesday');
    expect(describeRepeat('FREQ=YEARLY', monday8, berlin())).toBe('Every year on 23 November');
    expect(describeRepeat('FREQ=YEARLY', monday8, berlin('en-US'))).toBe('Every year on November 23');
  });

  it('reads the weekday in the zone: 23:30 UTC on Sunday is Monday in Berlin', () => {
    expect(describeRepeat('FREQ=WEEKLY', '2026-11-22T23:30:00Z', berlin())).toBe('Every Monday');
    expect(describeRepeat('FREQ=WEEKLY', '2026-11-22T23:30:00Z', { timeZone: 'America/New_York' })).toBe('Every Sunday');
  });

  it('says how it ends', () => {
    expect(describeRepeat('FREQ=DAILY;COUNT=5', monday8, berlin())).toBe('Every day, 5 times');
    expect(describeRepeat('FREQ=WEEKLY;UNTIL=20261224', monday8, berlin())).toBe('Every Monday, until 24 Dec 2026');
    // A UTC end is read as its day in the zone.
    expect(describeRepeat('FREQ=WEEKLY;UNTIL=20261224T233000Z', monday8, berlin())).toBe('Every Monday, until 25 Dec 2026');
  });

  it('leaves rules it cannot say to the service\'s reading, with a capital letter', () => {
    expect(describeRepeat('FREQ=HOURLY', monday8, berlin())).toBeNull();
    expect(describeRepeat('FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR', monday8, berlin())).toBeNull();
    expect(repeatSentence('FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR', monday8, 'every month on the last weekday', berlin())).toBe(
      'Every month on the last weekday',
    );
    expect(repeatSentence('FREQ=HOURLY', monday8, null, berlin())).toBe('Custom repeat');
  });
});
