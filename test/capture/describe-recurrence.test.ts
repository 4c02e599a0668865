import { describe, expect, it } from 'vitest';
import { describeRecurrenceRule } from '../../src/capture/describe-recurrence.js';

// Monday 2026-11-23 09:00 in Berlin.
const DUE = new Date('2026-11-23T08:00:00Z');
const BERLIN = 'Europe/Berlin';
const say = (rule: string, language: Parameters<typeof describeRecurrenceRule>[3]) => describeRecurrenceRule(rule, DUE, BERLIN, language);

describe('describeRecurrenceRule', () => {
  it('says a weekly rule in each capture language at the local due time', () => {
    const rule = 'FREQ=WEEKLY;BYDAY=MO,WE';
    expect(say(rule, 'en')).toBe('every week on Monday, Wednesday at 9:00');
    expect(say(rule, 'de')).toBe('jede Woche am Montag und Mittwoch um 9:00');
    expect(say(rule, 'fr')).toBe('toutes les semaines le lundi et le mercredi à 9:00');
    expect(say(rule, 'es')).toBe('cada semana el lunes y el miércoles a las 9:00');
    expect(say(rule, 'pt')).toBe('toda semana na segunda-feira e na quarta-feira às 9:00');
    expect(say(rule, 'nl')).toBe('elke week op maandag en woensdag om 9:00');
    expect(say(rule, 'it')).toBe('ogni settimana il lunedì e il mercoledì alle 9:00');
  });

  it('says positions in the month, intervals, yearly dates and ends', () => {
    expect(say('FREQ=MONTHLY;BYDAY=-1FR', 'de')).toBe('jeden Monat am letzten Freitag um 9:00');
    expect(say('FREQ=MONTHLY;BYDAY=2TU', 'fr')).toBe('tous les mois le deuxième mardi à 9:00');
    expect(say('FREQ=MONTHLY;BYMONTHDAY=15,-1', 'es')).toBe('cada mes el día 15 y el último día a las 9:00');
    expect(say('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'nl')).toBe('elke 2 weken op maandag om 9:00');
    expect(say('FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15', 'it')).toBe('ogni anno il 15 agosto alle 9:00');
    expect(say('FREQ=DAILY;INTERVAL=3;COUNT=10', 'pt')).toBe('a cada 3 dias às 9:00 10 vezes');
    expect(say('FREQ=WEEKLY;UNTIL=20261231;BYDAY=MO', 'de')).toBe('jede Woche am Montag um 9:00 bis 31. Dezember 2026');
  });

  it('says in English what the other languages have no words for here', () => {
    expect(say('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'de')).toBe(say('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'en'));
  });
});
