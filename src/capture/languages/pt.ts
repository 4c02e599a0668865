import { pt } from 'chrono-node';
import {
  clockParser,
  createWordParser,
  dayOfMonthParser,
  durationParser,
  nextPeriodParser,
  partOfDayParser,
  relativeDayParser,
  withParsers,
} from './chrono-parsers.js';
import type { LanguageGrammar } from './language-grammar.js';
import { defineWords, monthWords, numberWords, weekdayWords, type Sense } from './lexicon.js';

const glue: Sense = { k: 'glue' };

const words = defineWords([
  ['todo|toda|todos|todas|cada|a cada|todos os|todas as', { k: 'every' }],
  ['quinzenalmente|quinzenal|a cada quinze dias|a cada 15 dias|de quinze em quinze dias|de 15 em 15 dias|cada quinze dias', {
    k: 'adverb',
    freq: 'WEEKLY',
    interval: 2,
    free: true,
  }],
  ['diariamente|uma vez por dia|uma vez ao dia', { k: 'adverb', freq: 'DAILY', interval: 1, free: true }],
  ['semanalmente|uma vez por semana', { k: 'adverb', freq: 'WEEKLY', interval: 1, free: true }],
  ['mensalmente|uma vez por mês|uma vez ao mês', { k: 'adverb', freq: 'MONTHLY', interval: 1, free: true }],
  ['anualmente|uma vez por ano|uma vez ao ano', { k: 'adverb', freq: 'YEARLY', interval: 1, free: true }],
  ...numberWords(['um|uma', 'dois|duas', 'três|tres', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez', 'onze', 'doze']),
  ['quinze', { k: 'num', n: 15 }],
  ['vinte', { k: 'num', n: 20 }],
  ['trinta', { k: 'num', n: 30 }],
  ...numberWords(['primeiro|primeira|primeiros|primeiras', 'segundo|segunda', 'terceiro|terceira', 'quarto|quarta', 'quinto|quinta'], 'ord'),
  ['último|última|últimos|últimas', { k: 'ord', n: -1 }],
  ['penúltimo|penúltima', { k: 'ord', n: -2 }],
  ...weekdayWords([
    'segunda-feira|segundas-feiras|segunda|segundas|seg',
    'terça-feira|terças-feiras|terça|terças|ter',
    'quarta-feira|quartas-feiras|quarta|quartas|qua',
    'quinta-feira|quintas-feiras|quinta|quintas|qui',
    'sexta-feira|sextas-feiras|sexta|sextas|sex',
    'sábado|sábados|sáb',
    'domingo|domingos|dom',
  ]),
  ...weekdayWords(
    [
      'às segundas|às segundas-feiras|nas segundas|nas segundas-feiras',
      'às terças|às terças-feiras|nas terças|nas terças-feiras',
      'às quartas|às quartas-feiras|nas quartas|nas quartas-feiras',
      'às quintas|às quintas-feiras|nas quintas|nas quintas-feiras',
      'às sextas|às sextas-feiras|nas sextas|nas sextas-feiras',
      'aos sábados|nos sábados',
      'aos domingos|nos domingos',
    ],
    'habitual',
  ),
  ['dia útil|dias úteis|dia de semana|dias de semana|dia da semana|dias da semana', { k: 'weekdays' }],
  ['em dias úteis|nos dias úteis|durante a semana|nos dias de semana', { k: 'weekdays', habitual: true }],
  ['fim de semana|fins de semana|fim-de-semana|fins-de-semana', { k: 'weekend' }],
  ['nos fins de semana|aos fins de semana|nos fins-de-semana|aos fins-de-semana', { k: 'weekend', habitual: true }],
  ['minuto|minutos|min', { k: 'unit', u: 'minute' }],
  ['hora|horas', { k: 'unit', u: 'hour' }],
  ['dia|dias', { k: 'unit', u: 'day' }],
  ['semana|semanas', { k: 'unit', u: 'week' }],
  ['mês|meses', { k: 'unit', u: 'month' }],
  ['ano|anos', { k: 'unit', u: 'year' }],
  ['manhã|manhãs', { k: 'part', hour: 9 }],
  ['meio-dia', { k: 'part', hour: 12 }],
  ['tarde|tardes', { k: 'part', hour: 15 }],
  ['noite|noites', { k: 'part', hour: 20 }],
  ...monthWords([
    'janeiro|jan',
    'fevereiro|fev',
    'março|mar',
    'abril|abr',
    'maio|mai',
    'junho|jun',
    'julho|jul',
    'agosto|ago',
    'setembro|set',
    'outubro|out',
    'novembro|nov',
    'dezembro|dez',
  ]),
  ['e|,|&', { k: 'and' }],
  ['exceto|menos|salvo|com exceção de|mas não', { k: 'except' }],
  ['até|até o|até a|até ao|até dia|até o dia', { k: 'until' }],
  ['a|à|até|-|–', { k: 'to' }],
  ['de|do|da|desde', { k: 'from' }],
  ['durante|por', { k: 'for' }],
  ['vezes', { k: 'times' }],
  ['este|esta|próximo|próxima', { k: 'this' }],
  [
    'me lembre|lembre-me|me lembra|lembra-me|me avise|avise-me|me avisa|avisa-me|me lembrar|lembrar-me',
    { k: 'remind', toMe: true },
  ],
  ['lembrar|lembre|avisar|avise', { k: 'remind' }],
  ['lembrete|aviso|alarme|alerta|um lembrete|um aviso', { k: 'reminder' }],
  ['antes|com antecedência|antecipadamente', { k: 'before' }],
  ['na hora|no horário|no momento|na hora certa', { k: 'onTime' }],
  ['meia hora|meia-hora', { k: 'duration', minutes: 30 }],
  ['um quarto de hora|quarto de hora', { k: 'duration', minutes: 15 }],
  ['uma hora e meia|hora e meia', { k: 'duration', minutes: 90 }],
  ['o|a|os|as|à|às|ao|aos|de|do|da|dos|das|no|na|nos|nas|em|por|me|com', glue],
]);

const NUMBERS: Record<string, number> = { um: 1, uma: 1, dois: 2, duas: 2, três: 3, tres: 3, quatro: 4, cinco: 5, seis: 6, dez: 10, quinze: 15, vinte: 20, trinta: 30 };
const UNITS = {
  minuto: 'minute', minutos: 'minute', hora: 'hour', horas: 'hour', dia: 'day', dias: 'day', semana: 'week', semanas: 'week', mês: 'month', mes: 'month', meses: 'month',
} as const;
const WEEKDAYS: Record<string, number> = { segunda: 1, terca: 2, quarta: 3, quinta: 4, sexta: 5, sabado: 6, domingo: 7 };
const MONTH_AHEAD = String.raw`jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez`;

function createPortugueseChrono() {
  return withParsers(pt.casual, [
    ...partOfDayParser([
      { pattern: String.raw`(?:esta\s+manhã|hoje\s+de\s+manhã|hoje\s+pela\s+manhã)`, hour: 9, days: 0 },
      { pattern: String.raw`(?:hoje\s+ao\s+meio-dia)`, hour: 12, days: 0 },
      { pattern: String.raw`(?:esta\s+tarde|hoje\s+à\s+tarde|hoje\s+de\s+tarde)`, hour: 15, days: 0 },
      { pattern: String.raw`(?:esta\s+noite|hoje\s+à\s+noite|hoje\s+de\s+noite)`, hour: 20, days: 0 },
      { pattern: String.raw`amanhã\s+(?:de|pela)\s+manhã`, hour: 9, days: 1 },
      { pattern: String.raw`amanhã\s+ao\s+meio-dia`, hour: 12, days: 1 },
      { pattern: String.raw`amanhã\s+(?:à|de)\s+tarde`, hour: 15, days: 1 },
      { pattern: String.raw`amanhã\s+(?:à|de)\s+noite`, hour: 20, days: 1 },
      { pattern: String.raw`(?:de\s+manhã|pela\s+manhã|da\s+manhã)`, hour: 9 },
      { pattern: String.raw`(?:ao\s+meio-dia|do\s+meio-dia)`, hour: 12 },
      { pattern: String.raw`(?:à\s+tarde|de\s+tarde|da\s+tarde)`, hour: 15 },
      { pattern: String.raw`(?:à\s+noite|de\s+noite|da\s+noite)`, hour: 20 },
    ]),
    relativeDayParser(String.raw`depois\s+de\s+amanhã`, 2),
    durationParser(String.raw`em|daqui\s+a|dentro\s+de`, NUMBERS, UNITS),
    nextPeriodParser(String.raw`(?:a\s+)?(?:semana\s+que\s+vem|pr[oó]xima\s+semana)`, 'week'),
    nextPeriodParser(String.raw`(?:o\s+)?(?:m[eê]s\s+que\s+vem|pr[oó]ximo\s+m[eê]s)`, 'month'),
    // "terça que vem": the weekday; "que vem" reads as "next" (read-calendar-date.ts).
    createWordParser(String.raw`(?:na\s+|no\s+)?(segunda|terça|quarta|quinta|sexta|sábado|domingo)(?:-feira)?\s+que\s+vem`, (context, match) => {
      const day = WEEKDAYS[(match[2] ?? '').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')];
      return day === undefined ? null : context.createParsingComponents({ weekday: day % 7 });
    }),
    dayOfMonthParser(String.raw`(?:no\s+dia|até\s+(?:o\s+)?dia|para\s+o\s+dia|dia)\s+(\d{1,2})(?!\s*(?:\d|/|:|h\b|horas|de\s+(?:${MONTH_AHEAD})))`),
    // "às 17h", "17h30", "às 9 horas": the clock as written.
    clockParser(String.raw`(?:às\s+|as\s+)?(\d{1,2})\s*h\s*(\d{2})?(?![\p{L}])`, true),
    clockParser(String.raw`(?:às\s+|as\s+)?(\d{1,2})\s+horas(?:\s+e\s+(\d{2}))?`, true),
    // "às 7 e meia" 7:30, "às 8 e quinze" 8:15; am/pm stays open.
    clockParser(String.raw`(?:às\s+|as\s+)?(\d{1,2})(?:h)?\s+e\s+(meia|quinze)`, false, (match) => {
      const hour = Number(match[2]);
      return hour >= 1 && hour <= 23 ? { hour, minute: match[3]?.toLowerCase() === 'meia' ? 30 : 15 } : null;
    }),
  ]);
}

export const portuguese: LanguageGrammar = {
  language: 'pt',
  lexicon: { words, ordinalSuffix: /^(\d{1,2})(?:º|ª|°|o|a)$/ },
  createChrono: createPortugueseChrono,
  title: {
    danglingBefore:
      /(?:^|\s)(?:o|a|os|as|à|às|ao|aos|de|do|da|no|na|em|para|até|e|este|esta|todo|toda|todos|todas|cada|próximo|próxima|amanhã|hoje|dia|depois)$/i,
    danglingAfter: /^(?:e|depois)\s+/i,
    leadingFiller: [
      /^(?:olá|oi|ok)[,\s]+/i,
      /^(?:por\s+favor)[,\s]+/i,
      /^(?:me\s+lembre|lembre-me|me\s+lembra|lembra-me)(?:\s+(?:de|que))?[,\s]+/i,
      /^(?:não\s+(?:me\s+)?(?:esqueça|esquecer)|nao\s+esquecer)\s+(?:de\s+)?/i,
      /^(?:tenho\s+que|tenho\s+de|preciso|devo)\s+/i,
      /^(?:lembrete|tarefa|nota)\s*(?::|-|–)\s*/i,
    ],
    trailingFiller: /[,\s]+(?:por\s+favor|obrigad[oa])[.!]*$/i,
  },
  remindList: { and: ['e', 'também'], then: ['e', 'depois'], aroundTime: ['às', 'as', 'a', 'à', 'no', 'na'] },
  dates: {
    weekdayModifier:
      /(?:^|\s)(esta|este|pr[oó]xima|pr[oó]ximo)\s+(?:seg|ter|qua|qui|sex|s[aá]b|dom)|(?:segunda|terça|quarta|quinta|sexta|sábado|domingo)(?:-feira)?\s+(que\s+vem|pr[oó]xim[ao])/i,
    modifiers: { esta: 'this', este: 'this', proxima: 'next', proximo: 'next', 'que vem': 'next' },
    nextPeriod: /^(?:a\s+|o\s+)?pr[oó]xim[ao]\s+(semana|m[eê]s)$/i,
    periods: { semana: 'week', mes: 'month' },
    todayOnly: /\b(?:hoje\s+(?:de\s+manhã|à\s+tarde|de\s+tarde|à\s+noite|de\s+noite)|esta\s+(?:manhã|tarde|noite))/i,
    clockNotation: /\d\s*h(?![\p{L}])|\d:\d{2}|\d\s*horas\b/iu,
    leftover: /(?:^|\s)(?:amanhã|hoje|segunda|terça|quarta|quinta|sexta|sábado|domingo|\d{1,2}h\d{0,2}|\d{1,2}:\d{2})(?=\s|$|[,.!?])/i,
    ambiguous: null,
  },
};
