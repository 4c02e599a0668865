import { it } from 'chrono-node';
import { clockComponents, clockParser, createWordParser, dayOfMonthParser, nextPeriodParser, partOfDayParser, withParsers } from './chrono-parsers.js';
import type { LanguageGrammar } from './language-grammar.js';
import { defineWords, monthWords, numberWords, weekdayWords, type Sense } from './lexicon.js';

const glue: Sense = { k: 'glue' };

const words = defineWords([
  ['ogni|tutti i|tutte le|tutti|tutte', { k: 'every' }],
  ['a settimane alterne|settimane alterne|ogni quindici giorni|ogni 15 giorni|quindicinalmente|quindicinale', {
    k: 'adverb',
    freq: 'WEEKLY',
    interval: 2,
    free: true,
  }],
  ['a giorni alterni|giorni alterni', { k: 'adverb', freq: 'DAILY', interval: 2, free: true }],
  ['quotidianamente|giornalmente|una volta al giorno', { k: 'adverb', freq: 'DAILY', interval: 1, free: true }],
  ['settimanalmente|una volta a settimana|una volta alla settimana', { k: 'adverb', freq: 'WEEKLY', interval: 1, free: true }],
  ['mensilmente|una volta al mese', { k: 'adverb', freq: 'MONTHLY', interval: 1, free: true }],
  ['annualmente|una volta all ’ anno|una volta all \' anno', { k: 'adverb', freq: 'YEARLY', interval: 1, free: true }],
  ...numberWords(['un|uno|una', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove', 'dieci', 'undici', 'dodici']),
  ['quindici', { k: 'num', n: 15 }],
  ['venti', { k: 'num', n: 20 }],
  ['trenta', { k: 'num', n: 30 }],
  ...numberWords(['primo|prima|primi|prime', 'secondo|seconda', 'terzo|terza', 'quarto|quarta', 'quinto|quinta'], 'ord'),
  ['ultimo|ultima|ultimi|ultime', { k: 'ord', n: -1 }],
  ['penultimo|penultima', { k: 'ord', n: -2 }],
  ...weekdayWords(['lunedì|lun', 'martedì|mar', 'mercoledì|mer', 'giovedì|gio', 'venerdì|ven', 'sabato|sabati|sab', 'domenica|domeniche|dom']),
  ...weekdayWords(
    [
      'il lunedì|di lunedì',
      'il martedì|di martedì',
      'il mercoledì|di mercoledì',
      'il giovedì|di giovedì',
      'il venerdì|di venerdì',
      'il sabato|di sabato',
      'la domenica|di domenica',
    ],
    'habitual',
  ),
  ['giorno feriale|giorni feriali|giorno lavorativo|giorni lavorativi', { k: 'weekdays' }],
  ['nei giorni feriali|nei giorni lavorativi|in settimana|durante la settimana', { k: 'weekdays', habitual: true }],
  ['fine settimana|fine-settimana|finesettimana|weekend', { k: 'weekend' }],
  ['nei fine settimana|nel fine settimana|nei weekend|il weekend|il fine settimana', { k: 'weekend', habitual: true }],
  ['minuto|minuti|min', { k: 'unit', u: 'minute' }],
  ['ora|ore', { k: 'unit', u: 'hour' }],
  ['giorno|giorni', { k: 'unit', u: 'day' }],
  ['settimana|settimane', { k: 'unit', u: 'week' }],
  ['mese|mesi', { k: 'unit', u: 'month' }],
  ['anno|anni', { k: 'unit', u: 'year' }],
  ['mattina|mattino|mattine|mattinata', { k: 'part', hour: 9 }],
  ['mezzogiorno', { k: 'part', hour: 12 }],
  ['pomeriggio|pomeriggi', { k: 'part', hour: 15 }],
  ['sera|sere|serata', { k: 'part', hour: 19 }],
  ['notte|notti', { k: 'part', hour: 20 }],
  ...monthWords([
    'gennaio|gen',
    'febbraio|feb',
    'marzo|mar',
    'aprile|apr',
    'maggio|mag',
    'giugno|giu',
    'luglio|lug',
    'agosto|ago',
    'settembre|set',
    'ottobre|ott',
    'novembre|nov',
    'dicembre|dic',
  ]),
  ['e|ed|,|&', { k: 'and' }],
  ['tranne|eccetto|salvo|ma non|esclusi|escluso|escluse', { k: 'except' }],
  ['fino al|fino a|fino alla|fino', { k: 'until' }],
  ['al|a|-|–', { k: 'to' }],
  ['dal|da', { k: 'from' }],
  ['per', { k: 'for' }],
  ['volte', { k: 'times' }],
  ['questo|questa|prossimo|prossima', { k: 'this' }],
  ['ricordami|ricordamelo|avvisami|avvisatemi|ricordarmi|avvisarmi', { k: 'remind', toMe: true }],
  ['ricorda|avvisa', { k: 'remind' }],
  ['promemoria|avviso|notifica|allarme|un promemoria|un avviso', { k: 'reminder' }],
  ['prima|in anticipo|prima dell ’ inizio|prima dell \' inizio', { k: 'before' }],
  ['in orario|al momento|puntuale|all ’ ora|all \' ora', { k: 'onTime' }],
  ['mezz ’ ora|mezz \' ora|mezzora|mezza ora|una mezz ’ ora|una mezz \' ora', { k: 'duration', minutes: 30 }],
  ['un quarto d ’ ora|un quarto d \' ora|quarto d ’ ora|quarto d \' ora', { k: 'duration', minutes: 15 }],
  ['un ’ ora e mezza|un \' ora e mezza|un ’ ora e mezzo|un \' ora e mezzo', { k: 'duration', minutes: 90 }],
  ['il|lo|la|i|gli|le|l|di|del|della|dello|dei|delle|al|alla|allo|ai|alle|a|in|nel|nella|nei|me|mi|con|’|\'', glue],
]);

const MONTH_AHEAD = String.raw`gen|feb|mar|apr|mag|giu|lug|ago|set|ott|nov|dic`;

function createItalianChrono() {
  return withParsers(it.casual, [
    ...partOfDayParser([
      { pattern: String.raw`(?:stamattina|stamani|questa\s+mattina)`, hour: 9, days: 0 },
      { pattern: String.raw`(?:oggi\s+pomeriggio|questo\s+pomeriggio)`, hour: 15, days: 0 },
      { pattern: String.raw`(?:stasera|questa\s+sera)`, hour: 19, days: 0 },
      { pattern: String.raw`(?:stanotte|questa\s+notte)`, hour: 20, days: 0 },
      { pattern: String.raw`domani\s+(?:mattina|mattino)`, hour: 9, days: 1 },
      { pattern: String.raw`domani\s+pomeriggio`, hour: 15, days: 1 },
      { pattern: String.raw`domani\s+sera`, hour: 19, days: 1 },
      { pattern: String.raw`domani\s+notte`, hour: 20, days: 1 },
      { pattern: String.raw`(?:di\s+mattina|la\s+mattina|al\s+mattino|di\s+mattino|in\s+mattinata)`, hour: 9 },
      { pattern: String.raw`(?:di\s+pomeriggio|nel\s+pomeriggio|del\s+pomeriggio|il\s+pomeriggio)`, hour: 15 },
      { pattern: String.raw`(?:di\s+sera|la\s+sera|in\s+serata|della\s+sera)`, hour: 19 },
      { pattern: String.raw`(?:di\s+notte|la\s+notte|della\s+notte)`, hour: 20 },
    ]),
    nextPeriodParser(String.raw`(?:la\s+)?(?:settimana\s+prossima|prossima\s+settimana)`, 'week'),
    nextPeriodParser(String.raw`(?:il\s+)?(?:mese\s+prossimo|prossimo\s+mese)`, 'month'),
    dayOfMonthParser(String.raw`(?:il|entro\s+il|per\s+il|fino\s+al|dal)\s+(\d{1,2})(?:º|°)?(?!\s*(?:\d|/|:|${MONTH_AHEAD}))`),
    // "3/12 alle 14": day first, with its time (chrono alone reads "12 alle 14" as a range of hours).
    createWordParser(String.raw`(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?:\s+alle\s+(?:ore\s+)?(\d{1,2})(?:[:.](\d{2}))?)?`, (context, match) => {
      const day = Number(match[2]);
      const month = Number(match[3]);
      if (day < 1 || day > 31 || month < 1 || month > 12) return null;
      const components =
        match[5] === undefined ? context.createParsingComponents() : clockComponents(context, Number(match[5]), Number(match[6] ?? 0), Number(match[5]) > 12);
      if (!components) return null;
      components.assign('day', day).assign('month', month);
      if (match[4] !== undefined) components.assign('year', match[4].length === 2 ? 2000 + Number(match[4]) : Number(match[4]));
      else components.imply('year', context.reference.getDateWithAdjustedTimezone().getFullYear());
      return components;
    }),
    // "alle ore 15": the clock as written.
    clockParser(String.raw`(?:alle\s+)?ore\s+(\d{1,2})(?:[:.](\d{2}))?`, true),
    // "alle 7 e mezza" 7:30, "e un quarto" 7:15, "meno un quarto" 6:45; am/pm stays open.
    clockParser(String.raw`(?:alle\s+)?(\d{1,2})\s+(e\s+mezza|e\s+mezzo|e\s+un\s+quarto|e\s+quarto|meno\s+un\s+quarto|meno\s+quarto)`, false, (match) => {
      const hour = Number(match[2]);
      if (hour < 1 || hour > 23) return null;
      const part = (match[3] ?? '').toLowerCase();
      if (part.includes('mezz')) return { hour, minute: 30 };
      if (part.startsWith('e')) return { hour, minute: 15 };
      return { hour: hour - 1 || 12, minute: 45 };
    }),
  ]);
}

export const italian: LanguageGrammar = {
  language: 'it',
  lexicon: { words, ordinalSuffix: /^(\d{1,2})(?:º|ª|°|o|a)$/ },
  createChrono: createItalianChrono,
  title: {
    danglingBefore:
      /(?:^|\s)(?:il|lo|la|i|gli|le|l['’]|di|del|della|al|alla|alle|a|ad|in|nel|per|entro|fino|da|dal|e|ed|questo|questa|prossimo|prossima|ogni|tutti|tutte|domani|oggi|tra|fra)$/i,
    danglingAfter: /^(?:e|poi|di)\s+/i,
    leadingFiller: [
      /^(?:ciao|ehi|ok)[,\s]+/i,
      /^(?:per\s+favore)[,\s]+/i,
      /^(?:ricordami|ricordamelo)(?:\s+(?:di|che))?[,\s]+/i,
      /^(?:non\s+dimenticare|non\s+dimenticarti|non\s+scordarti)\s+(?:di\s+)?/i,
      /^(?:devo|dobbiamo|ho\s+bisogno\s+di)\s+/i,
      /^(?:promemoria|attività|nota|da\s+fare)\s*(?::|-|–)\s*/i,
    ],
    trailingFiller: /[,\s]+(?:per\s+favore|grazie)[.!]*$/i,
  },
  remindList: { and: ['e', 'ed', 'poi', 'anche'], then: ['e', 'poi'], aroundTime: ['a', 'alle', 'il'] },
  dates: {
    weekdayModifier:
      /(?:^|\s)(questo|questa|prossimo|prossima)\s+(?:lun|mar|mer|gio|ven|sab|dom)|(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)\s+(prossim[oa])/i,
    modifiers: { questo: 'this', questa: 'this', prossimo: 'next', prossima: 'next' },
    nextPeriod: /^(?:la\s+|il\s+)?(?:prossim[oa]\s+(settimana|mese)|(settimana|mese)\s+prossim[oa])$/i,
    periods: { settimana: 'week', mese: 'month' },
    todayOnly: /\b(?:stasera|stamattina|stamani|stanotte|oggi\s+pomeriggio|questa\s+(?:sera|mattina|notte)|questo\s+pomeriggio)\b/i,
    clockNotation: /\d[:.]\d{2}|\bore\s+\d|\d\s*h\b/i,
    leftover: /(?:^|\s)(?:domani|oggi|dopodomani|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|\d{1,2}:\d{2})(?=\s|$|[,.!?])/i,
    ambiguous: null,
  },
};
