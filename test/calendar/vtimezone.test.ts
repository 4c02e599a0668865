import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { writeIcs } from '../../src/calendar/ics-writer.js';
import { isUtcThroughout, vtimezone } from '../../src/calendar/vtimezone.js';

/** The VTIMEZONE as a calendar app reads it (ical.js), from the written text. */
function parsedZone(zone: string, fromYear: number, toYear: number): ICAL.Timezone {
  const text = writeIcs({ name: 'VCALENDAR', properties: [['VERSION', '2.0'], ['PRODID', '-//test//EN']], components: [vtimezone(zone, fromYear, toYear)] });
  return new ICAL.Timezone(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vtimezone')!);
}

/** Every `stepDays` days at local noon from `fromYear` to `toYear`: where the VTIMEZONE and the tz data disagree. */
function disagreements(zone: string, timezone: ICAL.Timezone, fromYear: number, toYear: number, stepDays: number): string[] {
  const wrong: string[] = [];
  for (let day = DateTime.fromObject({ year: fromYear, month: 1, day: 1, hour: 12 }, { zone }); day.year <= toYear; day = day.plus({ days: stepDays })) {
    const local = new ICAL.Time({ year: day.year, month: day.month, day: day.day, hour: 12, minute: 0, second: 0, isDate: false }, timezone);
    if (timezone.utcOffset(local) !== day.offset * 60) wrong.push(`${day.toISODate()}: ${timezone.utcOffset(local) / 60} ≠ ${day.offset}`);
  }
  return wrong;
}

describe('VTIMEZONE from the tz data', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'Europe/London', 'Pacific/Auckland'])(
    '%s: the offsets of every day in the range and, by its yearly rules, for the decade after',
    (zone) => {
      const timezone = parsedZone(zone, 2026, 2034);
      expect(disagreements(zone, timezone, 2026, 2034, 1)).toEqual([]);
      expect(disagreements(zone, timezone, 2035, 2046, 3)).toEqual([]);
    },
  );

  it.each(['America/Santiago', 'Asia/Jerusalem', 'Africa/Casablanca', 'America/Sao_Paulo', 'Asia/Tokyo', 'Asia/Kolkata', 'America/St_Johns'])(
    '%s: the offsets of every day in the range (changes no yearly rule describes are listed)',
    (zone) => {
      expect(disagreements(zone, parsedZone(zone, 2024, 2034), 2024, 2034, 1)).toEqual([]);
    },
  );

  it('writes the EU rule once as a yearly RRULE, and knows a UTC zone needs none', () => {
    const text = writeIcs(vtimezone('Europe/Berlin', 2026, 2034));
    expect(text.match(/RRULE:[^\r]+/g)).toEqual(['RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU']);
    expect(text).not.toContain('RDATE');
    expect(isUtcThroughout('UTC', 2026, 2034)).toBe(true);
    expect(isUtcThroughout('Africa/Abidjan', 2026, 2034)).toBe(true);
    expect(isUtcThroughout('Europe/London', 2026, 2034)).toBe(false);
  });
});
