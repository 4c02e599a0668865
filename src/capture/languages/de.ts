import { de } from 'chrono-node';
import { clockParser, createWordParser, dayOfMonthParser, partOfDayParser, relativeDayParser, weekdayPartParser, withParsers } from './chrono-parsers.js';
import type { LanguageGrammar } from './language-grammar.js';
import { defineWords, monthWords, numberWords, weekdayWords, type Sense, type Weekday } from './lexicon.js';

const glue: Sense = { k: 'glue' };

const words = defineWords([
  ['jeden|jede|jedes|jeder|jedem|alle|allen', { k: 'every' }],
  ['täglich|taeglich|tagtäglich', { k: 'adverb', freq: 'DAILY', interval: 1, free: true }],
  ['wöchentlich|woechentlich', { k: 'adverb', freq: 'WEEKLY', interval: 1, free: true }],
  ['zweiwöchentlich|zweiwöchig|vierzehntägig|vierzehntäglich|14-tägig|14-täglich|alle zwei wochen', { k: 'adverb', freq: 'WEEKLY', interval: 2, free: true }],
  ['monatlich', { k: 'adverb', freq: 'MONTHLY', interval: 1, free: true }],
  ['jährlich|jaehrlich|alljährlich', { k: 'adverb', freq: 'YEARLY', interval: 1, free: true }],
  ['stündlich', { k: 'subdaily', minutes: 60, free: true }],
  ...numberWords(['ein|eine|einen|einer|einem|eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf', 'zwölf']),
  ['fünfzehn', { k: 'num', n: 15 }],
  ['zwanzig', { k: 'num', n: 20 }],
  ['dreißig|dreissig', { k: 'num', n: 30 }],
  ['vierzig', { k: 'num', n: 40 }],
  ['sechzig', { k: 'num', n: 60 }],
  ...numberWords(
    [
      'erste|ersten|erster|erstes|erstem',
      'zweite|zweiten|zweiter|zweites',
      'dritte|dritten|dritter|drittes',
      'vierte|vierten|vierter|viertes',
      'fünfte|fünften|fünfter|fünftes',
    ],
    'ord',
  ),
  ['letzte|letzten|letzter|letztes|letztem', { k: 'ord', n: -1 }],
  ['vorletzte|vorletzten|vorletzter|vorletztes', { k: 'ord', n: -2 }],
  ...weekdayWords(['montag|mo', 'dienstag|di', 'mittwoch|mi', 'donnerstag|do', 'freitag|fr', 'samstag|sonnabend|sa', 'sonntag|so']),
  ...['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag'].flatMap((day, index) =>
    Object.entries({ morgen: 9, früh: 9, vormittag: 9, mittag: 12, nachmittag: 15, abend: 19, nacht: 20 }).map(
      ([part, hour]) => [`${day}${part}`, { k: 'weekday', d: (index + 1) as Weekday, hour }] as const,
    ),
  ),
  ...weekdayWords(['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags|sonnabends', 'sonntags'], 'habitual'),
  ['werktag|wochentag|arbeitstag|werktage|wochentage|arbeitstage', { k: 'weekdays' }],
  ['werktags|wochentags|an werktagen|an wochentagen|an arbeitstagen|unter der woche', { k: 'weekdays', habitual: true }],
  ['wochenende|wochenenden', { k: 'weekend' }],
  ['wochenends|an wochenenden|an den wochenenden', { k: 'weekend', habitual: true }],
  ['minute|minuten|min', { k: 'unit', u: 'minute' }],
  ['stunde|stunden|std', { k: 'unit', u: 'hour' }],
  ['tag|tage|tagen|tages', { k: 'unit', u: 'day' }],
  ['woche|wochen', { k: 'unit', u: 'week' }],
  ['monat|monate|monaten|monats', { k: 'unit', u: 'month' }],
  ['jahr|jahre|jahren|jahres', { k: 'unit', u: 'year' }],
  ['morgen|früh|vormittag', { k: 'part', hour: 9 }],
  ['mittag', { k: 'part', hour: 12 }],
  ['nachmittag', { k: 'part', hour: 15 }],
  ['abend', { k: 'part', hour: 19 }],
  ['nacht', { k: 'part', hour: 20 }],
  // "abends", "nachmittags" after a day or a time name that one evening ("Donnerstag um halb acht abends"),
  // so on their own they do not repeat; "jeden Abend" does.
  ['morgens|frühmorgens|vormittags', { k: 'part', hour: 9 }],
  ['mittags', { k: 'part', hour: 12 }],
  ['nachmittags', { k: 'part', hour: 15 }],
  ['abends', { k: 'part', hour: 19 }],
  ['nachts', { k: 'part', hour: 20 }],
  ...monthWords([
    'januar|jan|jänner',
    'februar|feb',
    'märz|mär|maerz',
    'april|apr',
    'mai',
    'juni|jun',
    'juli|jul',
    'august|aug',
    'september|sep|sept',
    'oktober|okt',
    'november|nov',
    'dezember|dez',
  ]),
  ['und|,|&|sowie', { k: 'and' }],
  ['außer|ausser|ausgenommen|aber nicht|nur nicht|nicht am', { k: 'except' }],
  ['bis|bis zum|bis zur|bis einschließlich|bis einschliesslich', { k: 'until' }],
  ['bis|-|–', { k: 'to' }],
  ['von|vom', { k: 'from' }],
  ['für', { k: 'for' }],
  ['lang', { k: 'for', after: true }],
  ['mal', { k: 'times' }],
  ['diesen|diesem|dieses|dieser|nächsten|nächste|naechsten|kommenden', { k: 'this' }],
  ['erinnere mich|erinner mich|erinnert mich|erinnere uns|benachrichtige mich|sag mir bescheid', { k: 'remind', toMe: true }],
  ['erinnere|erinner|erinnern|sag bescheid', { k: 'remind' }],
  ['erinnerung|erinnerungen|mit erinnerung', { k: 'reminder' }],
  ['vorher|davor|zuvor|im voraus|vor beginn|vor dem termin|früher', { k: 'before' }],
  ['pünktlich|zum termin|zur zeit|wenn es losgeht|zum zeitpunkt', { k: 'onTime' }],
  ['eine halbe stunde|einer halben stunde|halbe stunde|halben stunde', { k: 'duration', minutes: 30 }],
  ['eine viertelstunde|viertelstunde|einer viertelstunde', { k: 'duration', minutes: 15 }],
  ['anderthalb stunden|eineinhalb stunden', { k: 'duration', minutes: 90 }],
  ['der|die|das|den|dem|des|am|im|an|um|zum|zur|in|jeweils|immer|mich|daran|ab', glue],
]);

const WEEKDAY_NUMBERS: Record<string, number> = {
  montag: 1, dienstag: 2, mittwoch: 3, donnerstag: 4, freitag: 5, samstag: 6, sonnabend: 6, sonntag: 7,
};
const PART_HOURS: Record<string, number> = { morgen: 9, früh: 9, vormittag: 9, mittag: 12, nachmittag: 15, abend: 19, nacht: 20 };

const PARTS = 'früh|morgen|vormittag|mittag|nachmittag|abend|nacht';
const HOUR_WORDS: Record<string, number> = {
  eins: 1, ein: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwölf: 12,
};
const HOUR = String.raw`\d{1,2}|${Object.keys(HOUR_WORDS).join('|')}`;
const hourOf = (word: string | undefined) => HOUR_WORDS[(word ?? '').toLowerCase()] ?? Number(word);

function createGermanChrono() {
  return withParsers(de.casual, [
    ...partOfDayParser([
      { pattern: String.raw`heute\s+(?:früh|morgen|vormittag)`, hour: 9, days: 0 },
      { pattern: String.raw`heute\s+mittag`, hour: 12, days: 0 },
      { pattern: String.raw`heute\s+nachmittag`, hour: 15, days: 0 },
      { pattern: String.raw`heute\s+abend`, hour: 19, days: 0 },
      { pattern: String.raw`heute\s*nacht`, hour: 20, days: 0 },
      { pattern: String.raw`morgen\s+(?:früh|vormittag)`, hour: 9, days: 1 },
      { pattern: String.raw`morgen\s+mittag`, hour: 12, days: 1 },
      { pattern: String.raw`morgen\s+nachmittag`, hour: 15, days: 1 },
      { pattern: String.raw`morgen\s+abend`, hour: 19, days: 1 },
      { pattern: String.raw`morgen\s+nacht`, hour: 20, days: 1 },
      { pattern: String.raw`(?:morgens|frühmorgens|vormittags|in\s+der\s+früh|am\s+(?:morgen|vormittag))`, hour: 9 },
      { pattern: String.raw`(?:mittags|am\s+mittag|zu\s+mittag)`, hour: 12 },
      { pattern: String.raw`(?:nachmittags|am\s+nachmittag)`, hour: 15 },
      { pattern: String.raw`(?:abends|am\s+abend)`, hour: 19 },
      { pattern: String.raw`(?:nachts|in\s+der\s+nacht)`, hour: 20 },
    ]),
    relativeDayParser('übermorgen', 2),
    weekdayPartParser(
      String.raw`(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)[\s-]?(${PARTS})`,
      (word) => WEEKDAY_NUMBERS[word],
      (word) => PART_HOURS[word],
    ),
    dayOfMonthParser(String.raw`(?:am|zum|bis\s+zum|ab\s+dem|den)\s+(\d{1,2})\.(?!\s*(?:\d|jan|feb|mär|apr|mai|jun|jul|aug|sep|okt|nov|dez))`),
    // "3.12.": day and month, the year left open (chrono reads "3.12.2026" itself).
    createWordParser(String.raw`(?:am\s+|bis\s+(?:zum\s+)?|zum\s+)?(\d{1,2})\.(\d{1,2})\.(?!\d)`, (context, match) => {
      const day = Number(match[2]);
      const month = Number(match[3]);
      if (day < 1 || day > 31 || month < 1 || month > 12) return null;
      return context.createParsingComponents({ day, month }).imply('year', context.reference.getDateWithAdjustedTimezone().getFullYear());
    }),
    // "um acht Uhr" is on the clock; "um acht" leaves am/pm open.
    clockParser(String.raw`um\s+(${Object.keys(HOUR_WORDS).join('|')})(\s+uhr)?`, false, (match) => {
      const hour = hourOf(match[2]);
      return hour >= 1 && hour <= 12 ? { hour, minute: 0 } : null;
    }),
    // "um 15 Uhr 30", "15.30 Uhr": the clock as written.
    clockParser(String.raw`(?:um\s+)?(\d{1,2})\s*uhr\s*(\d{2})`, true),
    clockParser(String.raw`(?:um\s+)?(\d{1,2})[.:](\d{2})\s*uhr`, true),
    // "halb 8" is 7:30, "viertel nach 7" 7:15, "viertel vor 8" / "dreiviertel 8" 7:45; am/pm stays open.
    clockParser(String.raw`(?:um\s+)?(halb|viertel\s+nach|viertel\s+vor|dreiviertel)\s+(${HOUR})`, false, (match) => {
      const hour = hourOf(match[3]);
      if (hour < 1 || hour > 12) return null;
      const kind = (match[2] ?? '').toLowerCase().replace(/\s+/g, ' ');
      if (kind === 'viertel nach') return { hour, minute: 15 };
      if (kind === 'halb') return { hour: hour - 1 || 12, minute: 30 };
      return { hour: hour - 1 || 12, minute: 45 };
    }),
  ]);
}

export const german: LanguageGrammar = {
  language: 'de',
  lexicon: { words, ordinalSuffix: /^(\d{1,2})(?:ten|ter|te)$/, dotOrdinals: true, nthWeekdayIsInterval: true },
  createChrono: createGermanChrono,
  title: {
    danglingBefore:
      /(?:^|\s)(?:am|um|bis|ab|im|an|zum|zur|vom|von|für|in|den|der|die|das|dem|jeden|jede|jedes|und|diesen|nächsten|kommenden|immer|gegen|spätestens|heute|morgen)$/i,
    danglingAfter: /^(?:und|dann)\s+/i,
    leadingFiller: [
      /^(?:hey|hallo|hi|ok(?:ay)?)[,\s]+/i,
      /^(?:bitte)(?:[,\s]+|$)/i,
      /^(?:kannst|könntest)\s+du\s+(?:mich\s+)?(?:bitte\s+)?/i,
      /^erinnere?\s+mich(?:\s+bitte)?(?:\s+daran)?[,:]?\s*(?:dass\s+|an\s+|zu\s+)?/i,
      /^(?:nicht\s+vergessen|vergiss\s+nicht|denk(?:e)?\s+(?:daran|dran))[,:]?\s*(?:zu\s+)?/i,
      /^(?:erinnerung|aufgabe|to-?do|notiz)\s*(?::|-|–)\s*/i,
      /^(?:ich|wir)\s+(?:muss|müssen|sollte|sollten|will|wollen|möchte|möchten)\s+/i,
    ],
    trailingFiller: /[,\s]+(?:bitte|danke)[.!]*$/i,
  },
  remindList: { and: ['und', 'sowie', 'außerdem', 'ausserdem'], then: ['und', 'dann'], aroundTime: ['am', 'um', 'daran', 'dran', 'bitte'] },
  dates: {
    weekdayModifier: /(?:^|\s)(diesen|diesem|dieser|nächsten|nächster|nächste|kommenden|letzten|vergangenen)\s+(?:mo|di|mi|do|fr|sa|so)/i,
    modifiers: { diesen: 'this', diesem: 'this', dieser: 'this', nachsten: 'next', nachster: 'next', nachste: 'next', letzten: 'last', vergangenen: 'last' },
    nextPeriod: /^(?:(?:in|ab)\s+)?(?:der\s+|dem\s+)?(?:nächste[nr]?|kommende[nr]?)\s+(woche|monat)$/i,
    periods: { woche: 'week', monat: 'month' },
    todayOnly: /\bheute\s+(?:früh|morgen|vormittag|mittag|nachmittag|abend|nacht)\b|\bheute\s*nacht\b/i,
    clockNotation: /\d\s*uhr\b|\d[:.]\d{2}/i,
    leftover: /(?:^|\s)(?:heute|morgen|übermorgen|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|\d{1,2}\s*uhr|\d{1,2}:\d{2})(?=\s|$|[,.!?])/i,
    // "Essen mit Jan": a name, not January.
    ambiguous: {
      word: /^(?:(?:am|im)\s+)?(jan|mai)$/i,
      dateFollower: /^\s*(?:$|[,.;:!?)\-]|\d)/i,
      month: /^(?:jan|mai)$/i,
      monthPreposition: /\b(?:im|in|bis|vor|ab|seit|anfang|ende|mitte)\s*$/i,
    },
  },
};
