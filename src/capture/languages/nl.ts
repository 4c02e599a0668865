import { nl } from 'chrono-node';
import { clockComponents, clockParser, createWordParser, dayOfMonthParser, partOfDayParser, relativeDayParser, weekdayPartParser, withParsers } from './chrono-parsers.js';
import type { LanguageGrammar } from './language-grammar.js';
import { defineWords, monthWords, numberWords, weekdayWords, type Sense, type Weekday } from './lexicon.js';

const glue: Sense = { k: 'glue' };

const DAYS = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'];
const PART_HOURS: Record<string, number> = { ochtend: 9, morgen: 9, middag: 15, avond: 19, nacht: 20 };
const HOUR_WORDS: Record<string, number> = {
  een: 1, één: 1, twee: 2, drie: 3, vier: 4, vijf: 5, zes: 6, zeven: 7, acht: 8, negen: 9, tien: 10, elf: 11, twaalf: 12,
};
const HOUR = String.raw`\d{1,2}|${Object.keys(HOUR_WORDS).join('|')}`;
const hourOf = (word: string | undefined) => HOUR_WORDS[(word ?? '').toLowerCase()] ?? Number(word);

const words = defineWords([
  ['elke|iedere|ieder|elk|alle', { k: 'every' }],
  ['om de', { k: 'every', otherWhenBare: true }],
  ['om de veertien dagen|om de 14 dagen|tweewekelijks|twee-wekelijks', { k: 'adverb', freq: 'WEEKLY', interval: 2, free: true }],
  ['dagelijks|een keer per dag|eens per dag|één keer per dag', { k: 'adverb', freq: 'DAILY', interval: 1, free: true }],
  ['wekelijks|een keer per week|eens per week|één keer per week', { k: 'adverb', freq: 'WEEKLY', interval: 1, free: true }],
  ['maandelijks|een keer per maand|eens per maand|één keer per maand', { k: 'adverb', freq: 'MONTHLY', interval: 1, free: true }],
  ['jaarlijks|een keer per jaar|eens per jaar|één keer per jaar', { k: 'adverb', freq: 'YEARLY', interval: 1, free: true }],
  ...numberWords(['een|één', 'twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen', 'tien', 'elf', 'twaalf']),
  ['vijftien', { k: 'num', n: 15 }],
  ['twintig', { k: 'num', n: 20 }],
  ['dertig', { k: 'num', n: 30 }],
  ...numberWords(['eerste', 'tweede', 'derde', 'vierde', 'vijfde'], 'ord'),
  ['laatste', { k: 'ord', n: -1 }],
  ['voorlaatste|op een na laatste|op één na laatste', { k: 'ord', n: -2 }],
  ...weekdayWords(['maandag|maandagen|ma', 'dinsdag|dinsdagen|di', 'woensdag|woensdagen|wo', 'donderdag|donderdagen|do', 'vrijdag|vrijdagen|vr', 'zaterdag|zaterdagen|za', 'zondag|zondagen|zo']),
  ...DAYS.flatMap((day, index) =>
    Object.entries(PART_HOURS).map(([part, hour]) => [`${day}${part}`, { k: 'weekday', d: (index + 1) as Weekday, hour }] as const),
  ),
  ...weekdayWords(
    ['maandags|op maandagen', 'dinsdags|op dinsdagen', 'woensdags|op woensdagen', 'donderdags|op donderdagen', 'vrijdags|op vrijdagen', 'zaterdags|op zaterdagen', 'zondags|op zondagen'],
    'habitual',
  ),
  ['werkdag|werkdagen|weekdag|weekdagen|doordeweekse dag|doordeweekse dagen', { k: 'weekdays' }],
  ['op werkdagen|op weekdagen|doordeweeks|door de week', { k: 'weekdays', habitual: true }],
  ['weekend|weekenden', { k: 'weekend' }],
  ['in de weekenden|op zaterdag en zondag', { k: 'weekend', habitual: true }],
  ['minuut|minuten|min', { k: 'unit', u: 'minute' }],
  ['uur|uren', { k: 'unit', u: 'hour' }],
  ['dag|dagen', { k: 'unit', u: 'day' }],
  ['week|weken', { k: 'unit', u: 'week' }],
  ['maand|maanden', { k: 'unit', u: 'month' }],
  ['jaar|jaren', { k: 'unit', u: 'year' }],
  ['ochtend|ochtenden|morgen', { k: 'part', hour: 9 }],
  ['middag|middagen', { k: 'part', hour: 15 }],
  ['avond|avonden', { k: 'part', hour: 19 }],
  ['nacht|nachten', { k: 'part', hour: 20 }],
  // "'s avonds" after a day or a time names that one evening; "elke avond" repeats.
  ['ochtends|morgens', { k: 'part', hour: 9 }],
  ['middags', { k: 'part', hour: 15 }],
  ['avonds', { k: 'part', hour: 19 }],
  ['nachts', { k: 'part', hour: 20 }],
  ...monthWords([
    'januari|jan',
    'februari|feb',
    'maart|mrt',
    'april|apr',
    'mei',
    'juni|jun',
    'juli|jul',
    'augustus|aug',
    'september|sep|sept',
    'oktober|okt',
    'november|nov',
    'december|dec',
  ]),
  ['en|,|&', { k: 'and' }],
  ['behalve|uitgezonderd|maar niet|behalve op', { k: 'except' }],
  ['tot|tot en met|t / m|tot aan', { k: 'until' }],
  ['tot|t / m|-|–', { k: 'to' }],
  ['van|vanaf', { k: 'from' }],
  ['gedurende|voor', { k: 'for' }],
  ['lang', { k: 'for', after: true }],
  ['keer|maal', { k: 'times' }],
  ['deze|dit|volgende|komende', { k: 'this' }],
  ['herinner me|herinner mij|herinner me eraan|stuur me een herinnering|waarschuw me|laat het me weten', { k: 'remind', toMe: true }],
  ['herinner', { k: 'remind' }],
  ['herinnering|melding|alarm|een herinnering|een melding', { k: 'reminder' }],
  ['van tevoren|vooraf|ervoor|daarvoor|eerder|tevoren|van te voren', { k: 'before' }],
  ['op tijd|op het moment|bij aanvang|precies op tijd', { k: 'onTime' }],
  ['een half uur|half uur|halfuur|een halfuur', { k: 'duration', minutes: 30 }],
  ['een kwartier|kwartier', { k: 'duration', minutes: 15 }],
  ['anderhalf uur', { k: 'duration', minutes: 90 }],
  ['de|het|op|om|in|van|’|\'|s|eraan|me|mij|met|aan', glue],
]);

function createDutchChrono() {
  return withParsers(nl.casual, [
    ...partOfDayParser([
      { pattern: String.raw`(?:vanochtend|vanmorgen)`, hour: 9, days: 0 },
      { pattern: String.raw`vanmiddag`, hour: 15, days: 0 },
      { pattern: String.raw`vanavond`, hour: 19, days: 0 },
      { pattern: String.raw`vannacht`, hour: 20, days: 0 },
      { pattern: String.raw`morgen\s*(?:ochtend|vroeg)`, hour: 9, days: 1 },
      { pattern: String.raw`morgen\s*middag`, hour: 15, days: 1 },
      { pattern: String.raw`morgen\s*avond`, hour: 19, days: 1 },
      { pattern: String.raw`morgen\s*nacht`, hour: 20, days: 1 },
      { pattern: String.raw`(?:['’]s\s*(?:ochtends|morgens)|in\s+de\s+ochtend)`, hour: 9 },
      { pattern: String.raw`tussen\s+de\s+middag`, hour: 12 },
      { pattern: String.raw`(?:['’]s\s*middags|in\s+de\s+middag)`, hour: 15 },
      { pattern: String.raw`(?:['’]s\s*avonds|in\s+de\s+avond)`, hour: 19 },
      { pattern: String.raw`(?:['’]s\s*nachts|in\s+de\s+nacht)`, hour: 20 },
    ]),
    relativeDayParser('overmorgen', 2),
    weekdayPartParser(
      String.raw`(${DAYS.join('|')})\s*(ochtend|morgen|middag|avond|nacht)`,
      (word) => DAYS.indexOf(word) + 1 || undefined,
      (word) => PART_HOURS[word],
    ),
    dayOfMonthParser(String.raw`(?:op\s+|tot\s+|voor\s+)?de\s+(\d{1,2})(?:e|ste|de)`),
    // "10-12", "31-12 om 8:45": day and month, the year left open (chrono reads "10-12-2026" itself, and
    // alone would read "12 om 8:45" as a range of hours).
    createWordParser(
      String.raw`(?:op\s+|voor\s+|tot\s+)?(\d{1,2})-(\d{1,2})(?![-\d]|\s*uur)(?:\s+om\s+(\d{1,2})(?:[:.](\d{2}))?(\s*uur)?)?`,
      (context, match) => {
        const day = Number(match[2]);
        const month = Number(match[3]);
        if (day < 1 || day > 31 || month < 1 || month > 12) return null;
        const onTheClock = match[5] !== undefined || match[6] !== undefined || Number(match[4]) > 12;
        const components = match[4] === undefined ? context.createParsingComponents() : clockComponents(context, Number(match[4]), Number(match[5] ?? 0), onTheClock);
        if (!components) return null;
        return components.assign('day', day).assign('month', month).imply('year', context.reference.getDateWithAdjustedTimezone().getFullYear());
      },
    ),
    // "om 15 uur 30": the clock as written ("om 9 uur" is chrono's own, read as written through clockNotation).
    clockParser(String.raw`(?:om\s+)?(\d{1,2})\s*uur\s+(\d{2})`, true),
    // "half 8" is 7:30, "kwart over 7" 7:15, "kwart voor 8" 7:45; am/pm stays open.
    clockParser(String.raw`(?:om\s+)?(half|kwart\s+over|kwart\s+voor)\s+(${HOUR})`, false, (match) => {
      const hour = hourOf(match[3]);
      if (hour < 1 || hour > 12) return null;
      const kind = (match[2] ?? '').toLowerCase().replace(/\s+/g, ' ');
      if (kind === 'kwart over') return { hour, minute: 15 };
      return { hour: hour - 1 || 12, minute: kind === 'half' ? 30 : 45 };
    }),
  ]);
}

export const dutch: LanguageGrammar = {
  language: 'nl',
  lexicon: { words, ordinalSuffix: /^(\d{1,2})(?:e|ste|de)$/, nthWeekdayIsInterval: true },
  createChrono: createDutchChrono,
  title: {
    danglingBefore: /(?:^|\s)(?:op|om|de|het|in|van|vanaf|tot|voor|en|deze|dit|volgende|komende|elke|iedere|elk|morgen|vandaag|rond|uiterlijk)$/i,
    danglingAfter: /^(?:en|dan)\s+/i,
    leadingFiller: [
      /^(?:hoi|hey|ok[eé]?)[,\s]+/i,
      /^(?:alsjeblieft|alstublieft|graag)[,\s]+/i,
      /^herinner\s+(?:me|mij)(?:\s+eraan)?[,:]?\s*(?:om\s+|dat\s+|te\s+)?/i,
      /^(?:niet\s+vergeten|vergeet\s+niet)[,:]?\s*(?:om\s+|te\s+)?/i,
      /^(?:ik|we|wij)\s+(?:moet|moeten|wil|willen)\s+/i,
      /^(?:herinnering|taak|todo|notitie)\s*(?::|-|–)\s*/i,
    ],
    trailingFiller: /[,\s]+(?:alsjeblieft|alstublieft|graag|bedankt)[.!]*$/i,
  },
  remindList: { and: ['en', 'ook'], then: ['en', 'dan'], aroundTime: ['om', 'op'] },
  dates: {
    weekdayModifier: /(?:^|\s)(deze|dit|volgende|vorige)\s+(?:ma|di|wo|do|vr|za|zo)/i,
    modifiers: { deze: 'this', dit: 'this', volgende: 'next', vorige: 'last' },
    nextPeriod: /^(?:(?:in|op)\s+)?(?:de\s+)?(?:volgende|komende)\s+(week|maand)$/i,
    periods: { week: 'week', maand: 'month' },
    todayOnly: /\b(?:vanavond|vanochtend|vanmorgen|vanmiddag|vannacht)\b/i,
    clockNotation: /\d\s*uur\b|\d[:.]\d{2}|\d\s*u\b/i,
    leftover: /(?:^|\s)(?:morgen|vandaag|overmorgen|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|\d{1,2}\s*uur|\d{1,2}:\d{2})(?=\s|$|[,.!?])/i,
    // "lunch met Jan": a name, not January.
    ambiguous: {
      word: /^(?:(?:op|in)\s+)?(jan|mei)$/i,
      dateFollower: /^\s*(?:$|[,.;:!?)\-]|\d)/i,
      month: /^(?:jan|mei)$/i,
      monthPreposition: /\b(?:in|voor|tot|vanaf|begin|eind|half|medio)\s*$/i,
    },
  },
};
