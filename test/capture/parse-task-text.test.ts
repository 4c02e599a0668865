import { describe, expect, it } from 'vitest';
import { parseTaskText, type ParseOptions } from '../../src/capture/parse-task-text.js';
import { berlinPhrases, newYorkDstPhrases, newYorkPhrases, phraseTables } from './phrases.js';

// Saturday 2026-11-21 12:00 in New York.
const newYork: ParseOptions = { now: newYorkPhrases.now, timeZone: 'America/New_York', defaultTime: '09:00' };
const berlin: ParseOptions = { now: berlinPhrases.now, timeZone: 'Europe/Berlin', defaultTime: '09:00' };
// Saturday 2027-03-13 12:00 in New York; clocks go forward at 02:00 the next night.
const newYorkBeforeDst: ParseOptions = { ...newYork, now: newYorkDstPhrases.now };

function when(text: string, options: ParseOptions = newYork) {
  const draft = parseTaskText(text, options);
  return { title: draft.title, date: draft.date, time: draft.time };
}

describe('parseTaskText accuracy on the phrase table', () => {
  it('gets title, date and time all right for at least 95% of the phrases', () => {
    const misses: string[] = [];
    let total = 0;
    for (const table of phraseTables) {
      for (const phrase of table.cases) {
        total += 1;
        const got = when(phrase.text, { now: table.now, timeZone: table.timeZone, defaultTime: table.defaultTime });
        const want = { title: phrase.title, date: phrase.date, time: phrase.time };
        if (got.title !== want.title || got.date !== want.date || got.time !== want.time) {
          misses.push(`  [${table.timeZone}] ${JSON.stringify(phrase.text)}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
        }
      }
    }
    const hits = total - misses.length;
    const score = hits / total;
    console.log(`local parser accuracy: ${hits}/${total} = ${(score * 100).toFixed(1)}%`);
    if (misses.length > 0) console.log(`misses:\n${misses.join('\n')}`);

    expect(total).toBeGreaterThanOrEqual(160);
    expect(score).toBeGreaterThanOrEqual(0.95);
  });
});

describe('parseTaskText on the phrases from the product spec', () => {
  it('reads "call mom tomorrow at 5pm"', () => {
    const draft = parseTaskText('call mom tomorrow at 5pm', newYork);
    expect(draft).toMatchObject({ title: 'Call mom', date: '2026-11-22', time: '17:00', description: '' });
    expect(draft.dueAt?.toISOString()).toBe('2026-11-22T22:00:00.000Z');
  });

  it('reads "dentist on friday 9:30" as the coming Friday in the morning', () => {
    expect(when('dentist on friday 9:30')).toEqual({ title: 'Dentist', date: '2026-11-27', time: '09:30' });
  });

  it('reads "pay rent on the 1st" as the next 1st of a month, without a time', () => {
    const draft = parseTaskText('pay rent on the 1st', newYork);
    expect(draft).toMatchObject({ title: 'Pay rent', date: '2026-12-01', time: null });
    expect(draft.dueAt?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });

  it('reads "in 2 hours check the oven" as two hours from now', () => {
    const draft = parseTaskText('in 2 hours check the oven', newYork);
    expect(draft).toMatchObject({ title: 'Check the oven', date: '2026-11-21', time: '14:00' });
    expect(draft.dueAt?.getTime()).toBe(newYork.now.getTime() + 2 * 3600_000);
  });

  it('reads "remind me to water plants every evening" as a daily rule from the next evening', () => {
    const draft = parseTaskText('remind me to water plants every evening', newYork);
    expect(draft).toMatchObject({ title: 'Water plants', date: '2026-11-21', time: '19:00', recurrence: 'FREQ=DAILY', description: '' });
  });

  it('reads "meeting 11/24 15:00" as US month/day with a 24-hour time', () => {
    expect(when('meeting 11/24 15:00')).toEqual({ title: 'Meeting', date: '2026-11-24', time: '15:00' });
  });

  it('reads "submit report by end of day" as 17:00 today', () => {
    expect(when('submit report by end of day')).toEqual({ title: 'Submit report', date: '2026-11-21', time: '17:00' });
  });
});

describe('parseTaskText scheduling rules', () => {
  it('rolls a time that has already passed today over to tomorrow', () => {
    expect(when('standup at 9am')).toMatchObject({ date: '2026-11-22', time: '09:00' });
    expect(when('check email at 11:59am')).toMatchObject({ date: '2026-11-22', time: '11:59' });
    expect(when('call the office at 12:01pm')).toMatchObject({ date: '2026-11-21', time: '12:01' });
  });

  it('keeps a past time when the day was said explicitly, and lowers the confidence', () => {
    const draft = parseTaskText('today at 10am review PR', newYork);
    expect(draft).toMatchObject({ date: '2026-11-21', time: '10:00' });
    expect(draft.confidence).toBeLessThan(parseTaskText('today at 3pm review PR', newYork).confidence);
  });

  it('gives a date without a time the default time in dueAt', () => {
    const draft = parseTaskText('renew passport on December 3', { ...newYork, defaultTime: '07:30' });
    expect(draft).toMatchObject({ date: '2026-12-03', time: null });
    expect(draft.dueAt?.toISOString()).toBe('2026-12-03T12:30:00.000Z');
  });

  it('leaves date, time and dueAt empty when the text has no date', () => {
    expect(parseTaskText('buy milk', newYork)).toEqual({
      title: 'Buy milk',
      description: '',
      date: null,
      time: null,
      dueAt: null,
      recurrence: null,
      remindBefore: null,
      reminders: [],
      confidence: expect.any(Number),
    });
  });

  it('turns local times into the right UTC instant in each zone and across DST changes', () => {
    expect(parseTaskText('call mom tomorrow at 5pm', berlin).dueAt?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    // Berlin is on summer time (UTC+2) by then, although it is UTC+1 now.
    expect(parseTaskText('dentist on March 30 at 10am', berlin).dueAt?.toISOString()).toBe('2027-03-30T08:00:00.000Z');
    // New York moves to UTC-4 during the night; tomorrow 9am is 13:00Z, not 14:00Z.
    expect(parseTaskText('call dad tomorrow at 9am', newYorkBeforeDst).dueAt?.toISOString()).toBe('2027-03-14T13:00:00.000Z');
    // A duration is elapsed time: 24 hours later the wall clock shows 13:00.
    const inADay = parseTaskText('in 24 hours check the sourdough', newYorkBeforeDst);
    expect(inADay.dueAt?.getTime()).toBe(newYorkBeforeDst.now.getTime() + 24 * 3600_000);
    expect(inADay).toMatchObject({ date: '2027-03-14', time: '13:00' });
  });

  it('treats a weekday name as the next such day, and "this <weekday>" as possibly today', () => {
    expect(when('farmers market saturday').date).toBe('2026-11-28');
    expect(when('farmers market this saturday').date).toBe('2026-11-21');
    expect(when('call grandma sunday').date).toBe('2026-11-22');
  });

  it('starts a repeating task at its next occurrence, the rule taken from there', () => {
    // Monday 2026-11-23 06:00 and 08:00 in New York.
    const mondayEarly = { ...newYork, now: new Date('2026-11-23T11:00:00Z') };
    const mondayLate = { ...newYork, now: new Date('2026-11-23T13:00:00Z') };
    expect(when('every weekday at 7am walk the dog', mondayEarly)).toMatchObject({ date: '2026-11-23', time: '07:00' });
    expect(when('every weekday at 7am walk the dog', mondayLate)).toMatchObject({ date: '2026-11-24', time: '07:00' });
    expect(parseTaskText('review goals every Sunday evening', newYork)).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=SU', description: '' });
    expect(parseTaskText('stretch daily at 7am', newYork)).toMatchObject({ recurrence: 'FREQ=DAILY', time: '07:00' });
    expect(parseTaskText('check the oven every 2 hours', newYork).description).toMatch(/^Repeats every 2 hours \(repeating more often than daily/);
  });

  it('moves end of day to 23:59 once 17:00 has passed', () => {
    expect(when('finish the slides by eod', berlin)).toMatchObject({ date: '2026-11-21', time: '23:59' });
  });

  it('rejects an unknown time zone or a malformed default time', () => {
    expect(() => parseTaskText('buy milk', { ...newYork, timeZone: 'Mars/Olympus_Mons' })).toThrow(/time zone/);
    expect(() => parseTaskText('buy milk', { ...newYork, defaultTime: '9am' })).toThrow(/HH:MM/);
  });
});

describe('parseTaskText remindBefore', () => {
  it.each([
    ['dentist tomorrow at 2pm, remind me 10 minutes before', 10],
    ['dentist tomorrow at 2pm remind me 30 min before', 30],
    ['dentist tomorrow at 2pm and remind me an hour before', 60],
    ['dentist tomorrow at 2pm, remind me 1 hour in advance', 60],
    ['dentist tomorrow at 2pm with a 10 minute reminder', 10],
    ['dentist tomorrow at 2pm, remind me at the time', 0],
  ])('reads %j as %i minutes and keeps it out of the title and date', (text, minutes) => {
    const draft = parseTaskText(text, newYork);
    expect(draft).toMatchObject({ title: 'Dentist', date: '2026-11-22', time: '14:00', remindBefore: minutes });
  });

  it('is null when the text does not ask, or asks for a lead time the product does not offer', () => {
    expect(parseTaskText('dentist tomorrow at 2pm', newYork).remindBefore).toBeNull();
    const unsupported = parseTaskText('dentist tomorrow at 2pm, remind me 15 minutes before', newYork);
    expect(unsupported).toMatchObject({ title: 'Dentist', time: '14:00', remindBefore: null });
  });
});

describe('parseTaskText titles', () => {
  it('capitalises only the first letter and keeps the rest as typed', () => {
    expect(when('éclair tasting tonight').title).toBe('Éclair tasting');
    expect(when('ölwechsel beim Autohaus on december 2').title).toBe('Ölwechsel beim Autohaus');
    expect(when('CALL MOM TOMORROW AT 5PM').title).toBe('CALL MOM');
    expect(when('call Zoë and Đorđe about the São Paulo trip tomorrow').title).toBe(
      'Call Zoë and Đorđe about the São Paulo trip',
    );
  });

  it('leaves titles that do not start with a cased letter alone', () => {
    expect(when('寿司 dinner with Kenji tomorrow 7pm').title).toBe('寿司 dinner with Kenji');
    expect(when('🎂 order birthday cake for Mia by thursday').title).toBe('🎂 order birthday cake for Mia');
    expect(when('3 boxes to the post office tomorrow').title).toBe('3 boxes to the post office');
  });

  it('removes filler and the words that only joined the date to the task', () => {
    expect(when("Don't forget to send the report on friday to Anna").title).toBe('Send the report to Anna');
    expect(when('remind me tomorrow at 9am to call the bank').title).toBe('Call the bank');
    expect(when('please buy a present for Jo by the 12th for her party').title).toBe('Buy a present for Jo for her party');
  });

  it('keeps punctuation inside the title and drops it at the end', () => {
    expect(when("pick up Tom's (new) glasses, finally, tomorrow!").title).toBe("Pick up Tom's (new) glasses, finally");
  });
});
