import { fr } from 'chrono-node';
import { clockParser, dayOfMonthParser, nextPeriodParser, partOfDayParser, relativeDayParser, withParsers } from './chrono-parsers.js';
import type { LanguageGrammar } from './language-grammar.js';
import { defineWords, monthWords, numberWords, weekdayWords, type Sense } from './lexicon.js';

const glue: Sense = { k: 'glue' };

const words = defineWords([
  ['chaque|tous les|toutes les|tous|toutes|tout les', { k: 'every' }],
  ['tous les quinze jours|tous les 15 jours|toutes les deux semaines|toutes les 2 semaines|bimensuel|bimensuellement', {
    k: 'adverb',
    freq: 'WEEKLY',
    interval: 2,
    free: true,
  }],
  ['quotidiennement|une fois par jour', { k: 'adverb', freq: 'DAILY', interval: 1, free: true }],
  ['hebdomadairement|une fois par semaine', { k: 'adverb', freq: 'WEEKLY', interval: 1, free: true }],
  ['mensuellement|une fois par mois', { k: 'adverb', freq: 'MONTHLY', interval: 1, free: true }],
  ['annuellement|une fois par an', { k: 'adverb', freq: 'YEARLY', interval: 1, free: true }],
  ['toutes les heures', { k: 'subdaily', minutes: 60, free: true }],
  ...numberWords(['un|une', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze']),
  ['quinze', { k: 'num', n: 15 }],
  ['vingt', { k: 'num', n: 20 }],
  ['trente', { k: 'num', n: 30 }],
  ...numberWords(
    [
      'premier|première|premiers|premières',
      'deuxième|deuxièmes|second|seconde|seconds|secondes',
      'troisième|troisièmes',
      'quatrième|quatrièmes',
      'cinquième|cinquièmes',
    ],
    'ord',
  ),
  ['dernier|dernière|derniers|dernières', { k: 'ord', n: -1 }],
  ['avant-dernier|avant-dernière|avant dernier|avant dernière', { k: 'ord', n: -2 }],
  ...weekdayWords([
    'lundi|lundis|lun',
    'mardi|mardis|mar',
    'mercredi|mercredis|mer',
    'jeudi|jeudis|jeu',
    'vendredi|vendredis|ven',
    'samedi|samedis|sam',
    'dimanche|dimanches|dim',
  ]),
  ...weekdayWords(['les lundis', 'les mardis', 'les mercredis', 'les jeudis', 'les vendredis', 'les samedis', 'les dimanches'], 'habitual'),
  ['jour ouvrable|jours ouvrables|jour ouvré|jours ouvrés|jour de semaine|jours de semaine|jour de la semaine|jours de la semaine', { k: 'weekdays' }],
  ['en semaine', { k: 'weekdays', habitual: true }],
  ['week-end|week-ends|weekend|weekends|fin de semaine|fins de semaine', { k: 'weekend' }],
  ['les week-ends|les weekends|le week-end|le weekend', { k: 'weekend', habitual: true }],
  ['minute|minutes|min', { k: 'unit', u: 'minute' }],
  ['heure|heures', { k: 'unit', u: 'hour' }],
  ['jour|jours|journée|journées', { k: 'unit', u: 'day' }],
  ['semaine|semaines', { k: 'unit', u: 'week' }],
  ['mois', { k: 'unit', u: 'month' }],
  ['an|ans|année|années', { k: 'unit', u: 'year' }],
  ['matin|matins|matinée|matinées', { k: 'part', hour: 9 }],
  ['midi|midis', { k: 'part', hour: 12 }],
  ['après-midi|après midi', { k: 'part', hour: 15 }],
  ['soir|soirs|soirée|soirées', { k: 'part', hour: 19 }],
  ['nuit|nuits', { k: 'part', hour: 20 }],
  ...monthWords([
    'janvier|janv',
    'février|févr|fév',
    'mars',
    'avril|avr',
    'mai',
    'juin',
    'juillet|juil',
    'août|aout',
    'septembre|sept',
    'octobre|oct',
    'novembre|nov',
    'décembre|déc',
  ]),
  ['et|,|&', { k: 'and' }],
  ['sauf|excepté|hormis|à part|mais pas', { k: 'except' }],
  ['jusqu|jusqu au|jusqu à|jusqu ’ au|jusqu \' au|jusqu ’ à|jusqu \' à', { k: 'until' }],
  ['au|à|a|-|–', { k: 'to' }],
  ['du|de', { k: 'from' }],
  ['pendant|durant', { k: 'for' }],
  ['fois', { k: 'times' }],
  ['ce|cet|cette|prochain|prochaine', { k: 'this' }],
  ['sur', { k: 'outOf' }],
  [
    'rappelle-moi|rappelez-moi|rappelle moi|rappelez moi|rappel-moi|préviens-moi|prévenez-moi|préviens moi|avertis-moi|alerte-moi|me rappeler',
    { k: 'remind', toMe: true },
  ],
  ['rappelle|rappeler', { k: 'remind' }],
  ['rappel|un rappel|alerte|une alerte', { k: 'reminder' }],
  ['avant|à l’avance|à l\'avance|en avance|plus tôt|auparavant', { k: 'before' }],
  ['à l’heure|à l\'heure|au moment|au début', { k: 'onTime' }],
  ['une demi-heure|demi-heure|une demi heure|demi heure', { k: 'duration', minutes: 30 }],
  ['un quart d’heure|un quart d\'heure|quart d’heure|quart d\'heure', { k: 'duration', minutes: 15 }],
  ['une heure et demie|heure et demie', { k: 'duration', minutes: 90 }],
  ['le|la|les|l|du|de|des|d|au|aux|à|a|en|’|\'|me|moi|avec', glue],
]);

const MONTH_AHEAD = String.raw`janv|f[ée]v|mars|avr|mai|juin|juil|ao[uû]|sept|oct|nov|d[ée]c`;

function createFrenchChrono() {
  return withParsers(fr.casual, [
    ...partOfDayParser([
      { pattern: String.raw`ce\s+matin`, hour: 9, days: 0 },
      { pattern: String.raw`ce\s+midi`, hour: 12, days: 0 },
      { pattern: String.raw`cet\s+après-midi`, hour: 15, days: 0 },
      { pattern: String.raw`ce\s+soir`, hour: 19, days: 0 },
      { pattern: String.raw`cette\s+nuit`, hour: 20, days: 0 },
      { pattern: String.raw`demain\s+matin`, hour: 9, days: 1 },
      { pattern: String.raw`demain\s+midi`, hour: 12, days: 1 },
      { pattern: String.raw`demain\s+après-midi`, hour: 15, days: 1 },
      { pattern: String.raw`demain\s+soir`, hour: 19, days: 1 },
      { pattern: String.raw`(?:le\s+matin|dans\s+la\s+matinée|en\s+matinée|du\s+matin)`, hour: 9 },
      { pattern: String.raw`(?:à\s+midi|le\s+midi|ce\s+midi)`, hour: 12 },
      { pattern: String.raw`(?:l['’]après-midi|dans\s+l['’]après-midi|en\s+après-midi|de\s+l['’]après-midi)`, hour: 15 },
      { pattern: String.raw`(?:le\s+soir|dans\s+la\s+soirée|en\s+soirée|du\s+soir)`, hour: 19 },
      { pattern: String.raw`(?:la\s+nuit|de\s+la\s+nuit)`, hour: 20 },
    ]),
    relativeDayParser(String.raw`après-demain|apr[eè]s\s+demain`, 2),
    nextPeriodParser(String.raw`(?:la\s+)?(?:semaine\s+prochaine|prochaine\s+semaine)`, 'week'),
    nextPeriodParser(String.raw`(?:le\s+)?(?:mois\s+prochain|prochain\s+mois)`, 'month'),
    dayOfMonthParser(String.raw`(?:le|au|pour\s+le|avant\s+le|d['’]ici\s+le|jusqu['’]au)\s+(\d{1,2})(?:er)?(?!\s*(?:\d|/|h\b|h\d|:|heures?|${MONTH_AHEAD}))`),
    // "à 9 heures", "9 heures 30": the clock as written.
    clockParser(String.raw`(?:à\s+)?(\d{1,2})\s*heures?(?:\s*(\d{2}))?`, true),
    // "7h et demie", "8 heures et quart", "9h moins le quart"
    clockParser(String.raw`(?:à\s+)?(\d{1,2})\s*(?:h|heures?)\s+(et\s+demie|et\s+quart|moins\s+le\s+quart|moins\s+quart)`, true, (match) => {
      const hour = Number(match[2]);
      const part = (match[3] ?? '').toLowerCase();
      if (hour > 23) return null;
      if (part.includes('demie')) return { hour, minute: 30 };
      if (part.startsWith('et')) return { hour, minute: 15 };
      return { hour: (hour + 23) % 24, minute: 45 };
    }),
    clockParser(String.raw`(?:à\s+)?midi`, true, () => ({ hour: 12, minute: 0 })),
  ]);
}

export const french: LanguageGrammar = {
  language: 'fr',
  lexicon: { words, ordinalSuffix: /^(\d{1,2})(?:er|re|e|eme|ere)$/ },
  createChrono: createFrenchChrono,
  title: {
    danglingBefore:
      /(?:^|\s)(?:le|la|les|l['’]|du|de|des|d['’]|au|aux|à|a|pour|avant|dès|jusqu['’]au|jusqu['’]à|ce|cet|cette|et|vers|chaque|tous|toutes|dans|en|prochain|prochaine|demain|aujourd['’]hui)$/i,
    danglingAfter: /^(?:et|puis|de|d['’])\s*(?=\S)/i,
    leadingFiller: [
      /^(?:salut|ok|bon)[,\s]+/i,
      /^(?:s['’]il\s+(?:te|vous)\s+pla[iî]t|stp|svp)[,\s]+/i,
      /^(?:peux-tu|pourrais-tu|tu\s+peux)\s+/i,
      /^(?:rappelle|rappelez|rappel)[- ]moi(?:\s+(?:de|d['’]|que|qu['’]))?\s*/i,
      /^(?:n['’]oublie|n['’]oubliez)\s+pas\s+(?:de\s+|d['’])?/i,
      /^(?:ne\s+pas\s+oublier)\s+(?:de\s+|d['’])?/i,
      /^(?:il\s+faut\s+que\s+je|je\s+dois|on\s+doit|penser\s+à)\s+/i,
      /^(?:rappel|tâche|à\s+faire|todo|note)\s*(?::|-|–)\s*/i,
    ],
    trailingFiller: /[,\s]+(?:s['’]il\s+(?:te|vous)\s+pla[iî]t|stp|svp|merci)[.!]*$/i,
  },
  remindList: { and: ['et', 'puis', 'aussi'], then: ['et', 'puis'], aroundTime: ['à', 'a', 'le'] },
  dates: {
    weekdayModifier: /(?:^|\s)(ce|cet)\s+(?:lun|mar|mer|jeu|ven|sam|dim)|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\s+(prochain|dernier)/i,
    modifiers: { ce: 'this', cet: 'this', prochain: 'next', dernier: 'last' },
    nextPeriod: /^(?:(?:la|le)\s+)?(?:prochaine?\s+)?(semaine|mois)\s+prochaine?$|^(?:(?:la|le)\s+)?prochaine?\s+(semaine|mois)$/i,
    periods: { semaine: 'week', mois: 'month' },
    todayOnly: /\b(?:ce\s+(?:matin|midi|soir)|cet\s+après-midi|cette\s+nuit)\b/i,
    clockNotation: /\d\s*h(?:\d{2})?(?![a-z])|\d\s*heures?\b|\d:\d{2}/i,
    leftover: /(?:^|\s)(?:demain|aujourd['’]hui|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|\d{1,2}h\d{0,2})(?=\s|$|[,.!?])/i,
    ambiguous: null,
  },
};
