import { es } from 'chrono-node';
import {
  clockParser,
  createWordParser,
  dayOfMonthParser,
  nextPeriodParser,
  partOfDayParser,
  relativeDayParser,
  withParsers,
} from './chrono-parsers.js';
import type { LanguageGrammar } from './language-grammar.js';
import { defineWords, monthWords, numberWords, weekdayWords, type Sense } from './lexicon.js';

const glue: Sense = { k: 'glue' };

const words = defineWords([
  ['cada|todos los|todas las|todos|todas', { k: 'every' }],
  ['cada quince días|cada 15 días|quincenalmente|quincenal', { k: 'adverb', freq: 'WEEKLY', interval: 2, free: true }],
  ['diariamente|a diario|una vez al día|una vez por día', { k: 'adverb', freq: 'DAILY', interval: 1, free: true }],
  ['semanalmente|una vez a la semana|una vez por semana', { k: 'adverb', freq: 'WEEKLY', interval: 1, free: true }],
  ['mensualmente|una vez al mes|una vez por mes', { k: 'adverb', freq: 'MONTHLY', interval: 1, free: true }],
  ['anualmente|una vez al año|una vez por año', { k: 'adverb', freq: 'YEARLY', interval: 1, free: true }],
  ...numberWords(['un|uno|una', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce']),
  ['quince', { k: 'num', n: 15 }],
  ['veinte', { k: 'num', n: 20 }],
  ['treinta', { k: 'num', n: 30 }],
  ...numberWords(
    ['primer|primero|primera|primeros|primeras', 'segundo|segunda|segundos|segundas', 'tercer|tercero|tercera', 'cuarto|cuarta', 'quinto|quinta'],
    'ord',
  ),
  ['último|última|últimos|últimas', { k: 'ord', n: -1 }],
  ['penúltimo|penúltima', { k: 'ord', n: -2 }],
  ...weekdayWords(['lunes|lun', 'martes|mar', 'miércoles|mié', 'jueves|jue', 'viernes|vie', 'sábado|sábados|sáb', 'domingo|domingos|dom']),
  ...weekdayWords(['los lunes', 'los martes', 'los miércoles', 'los jueves', 'los viernes', 'los sábados', 'los domingos'], 'habitual'),
  ['día laborable|días laborables|día hábil|días hábiles|día de semana|días de semana|día entre semana|días entre semana', { k: 'weekdays' }],
  ['entre semana|los días laborables|los días de semana|los días hábiles', { k: 'weekdays', habitual: true }],
  ['fin de semana|fines de semana|finde|findes', { k: 'weekend' }],
  ['los fines de semana|los findes', { k: 'weekend', habitual: true }],
  ['minuto|minutos|min', { k: 'unit', u: 'minute' }],
  ['hora|horas', { k: 'unit', u: 'hour' }],
  ['día|días', { k: 'unit', u: 'day' }],
  ['semana|semanas', { k: 'unit', u: 'week' }],
  ['mes|meses', { k: 'unit', u: 'month' }],
  ['año|años', { k: 'unit', u: 'year' }],
  ['mañana|mañanas', { k: 'part', hour: 9 }],
  ['mediodía|mediodías', { k: 'part', hour: 12 }],
  ['tarde|tardes', { k: 'part', hour: 15 }],
  ['noche|noches', { k: 'part', hour: 20 }],
  ...monthWords([
    'enero|ene',
    'febrero|feb',
    'marzo|mar',
    'abril|abr',
    'mayo|may',
    'junio|jun',
    'julio|jul',
    'agosto|ago',
    'septiembre|setiembre|sep|sept',
    'octubre|oct',
    'noviembre|nov',
    'diciembre|dic',
  ]),
  ['y|e|,|&', { k: 'and' }],
  ['excepto|menos|salvo|a excepción de|pero no', { k: 'except' }],
  ['hasta|hasta el', { k: 'until' }],
  ['a|al|hasta|-|–', { k: 'to' }],
  ['de|del|desde', { k: 'from' }],
  ['durante|por', { k: 'for' }],
  ['veces', { k: 'times' }],
  ['este|esta|próximo|próxima', { k: 'this' }],
  [
    'avísame|avisame|recuérdame|recuerdame|recuérdamelo|recuerdamelo|avísenme|notifícame|me avisas|me recuerdas|avisarme|recordarme',
    { k: 'remind', toMe: true },
  ],
  ['avisa|recuerda', { k: 'remind' }],
  ['recordatorio|aviso|alarma|alerta|un recordatorio|un aviso|una alarma', { k: 'reminder' }],
  ['antes|con antelación|de antemano|previamente', { k: 'before' }],
  ['a la hora|en el momento|a tiempo|justo a la hora', { k: 'onTime' }],
  ['media hora', { k: 'duration', minutes: 30 }],
  ['un cuarto de hora|cuarto de hora', { k: 'duration', minutes: 15 }],
  ['una hora y media|hora y media', { k: 'duration', minutes: 90 }],
  ['el|la|los|las|de|del|al|a|en|por|lo|me|con', glue],
]);

const WEEKDAY_NUMBERS: Record<string, number> = { lunes: 1, martes: 2, miercoles: 3, jueves: 4, viernes: 5, sabado: 6, domingo: 7 };
const MONTH_AHEAD = String.raw`ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic`;

function createSpanishChrono() {
  return withParsers(es.casual, [
    ...partOfDayParser([
      { pattern: String.raw`esta\s+mañana`, hour: 9, days: 0 },
      { pattern: String.raw`este\s+mediodía`, hour: 12, days: 0 },
      { pattern: String.raw`esta\s+tarde`, hour: 15, days: 0 },
      { pattern: String.raw`esta\s+noche`, hour: 20, days: 0 },
      { pattern: String.raw`mañana\s+(?:por|en)\s+la\s+mañana`, hour: 9, days: 1 },
      { pattern: String.raw`mañana\s+(?:al|a)\s+mediodía`, hour: 12, days: 1 },
      { pattern: String.raw`mañana\s+(?:por|en)\s+la\s+tarde`, hour: 15, days: 1 },
      { pattern: String.raw`mañana\s+(?:por|en)\s+la\s+noche`, hour: 20, days: 1 },
      { pattern: String.raw`(?:por|en|de)\s+la\s+mañana`, hour: 9 },
      { pattern: String.raw`(?:al|a|del)\s+mediodía`, hour: 12 },
      { pattern: String.raw`(?:por|en|de)\s+la\s+tarde`, hour: 15 },
      { pattern: String.raw`(?:por|en|de)\s+la\s+noche`, hour: 20 },
    ]),
    relativeDayParser(String.raw`pasado\s+mañana`, 2),
    nextPeriodParser(String.raw`(?:la\s+)?(?:semana\s+que\s+viene|pr[oó]xima\s+semana|semana\s+pr[oó]xima)`, 'week'),
    nextPeriodParser(String.raw`(?:el\s+)?(?:mes\s+que\s+viene|pr[oó]ximo\s+mes|mes\s+pr[oó]ximo)`, 'month'),
    // "el martes que viene": the weekday; "que viene" reads as "next" (read-calendar-date.ts).
    createWordParser(String.raw`(?:el\s+)?(lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo)\s+que\s+viene`, (context, match) => {
      const day = WEEKDAY_NUMBERS[(match[2] ?? '').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')];
      return day === undefined ? null : context.createParsingComponents({ weekday: day % 7 });
    }),
    dayOfMonthParser(
      String.raw`(?:el|para\s+el|antes\s+del?|hasta\s+el)\s+(?:d[ií]a\s+)?(\d{1,2})(?!\s*(?:\d|/|:|h\b|horas|de\s+(?:${MONTH_AHEAD})))`,
    ),
    // "a las 17h", "a las 9 horas": the clock as written.
    clockParser(String.raw`(?:a\s+las?\s+)?(\d{1,2})\s*(?:h|horas)(?![\p{L}])`, true),
    // "a las 7 y media" 7:30, "y cuarto" 7:15, "menos cuarto" 6:45; am/pm stays open.
    clockParser(String.raw`(?:a\s+las?\s+)?(\d{1,2})\s+(y\s+media|y\s+cuarto|menos\s+cuarto)`, false, (match) => {
      const hour = Number(match[2]);
      if (hour < 1 || hour > 23) return null;
      const part = (match[3] ?? '').toLowerCase();
      if (part.includes('media')) return { hour, minute: 30 };
      if (part.startsWith('y')) return { hour, minute: 15 };
      return { hour: hour - 1 || 12, minute: 45 };
    }),
  ]);
}

export const spanish: LanguageGrammar = {
  language: 'es',
  lexicon: { words, ordinalSuffix: /^(\d{1,2})(?:º|ª|°|o|a|er|ro|do|to)$/ },
  createChrono: createSpanishChrono,
  title: {
    danglingBefore: /(?:^|\s)(?:el|la|los|las|a|al|en|para|antes|de|del|y|este|esta|hasta|por|cada|todos|todas|desde|mañana|hoy|próximo|próxima)$/i,
    danglingAfter: /^(?:y|luego|que)\s+/i,
    leadingFiller: [
      /^(?:hola|oye|vale)[,\s]+/i,
      /^(?:por\s+favor)[,\s]+/i,
      /^(?:puedes|podrías)\s+/i,
      /^(?:recuérdame|recuerdame|recuérdamelo)(?:\s+que)?[,\s]+/i,
      /^(?:no\s+(?:te\s+)?olvides|no\s+olvidar)\s+(?:de\s+)?/i,
      /^(?:tengo\s+que|hay\s+que|debo|necesito|acordarme\s+de)\s+/i,
      /^(?:recordatorio|tarea|pendiente|nota)\s*(?::|-|–)\s*/i,
    ],
    trailingFiller: /[,\s]+(?:por\s+favor|gracias)[.!]*$/i,
  },
  remindList: { and: ['y', 'e', 'también'], then: ['y', 'luego'], aroundTime: ['a', 'el', 'para'] },
  dates: {
    weekdayModifier:
      /(?:^|\s)(este|esta|pr[oó]ximo|pr[oó]xima)\s+(?:lun|mar|mi[eé]|jue|vie|s[aá]b|dom)|(?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo)\s+(que\s+viene|pr[oó]ximo)/i,
    modifiers: { este: 'this', esta: 'this', proximo: 'next', proxima: 'next', 'que viene': 'next' },
    nextPeriod: /^(?:la\s+|el\s+)?pr[oó]xim[ao]\s+(semana|mes)$/i,
    periods: { semana: 'week', mes: 'month' },
    todayOnly: /\besta\s+(?:mañana|tarde|noche)\b/i,
    clockNotation: /\d\s*h(?![\p{L}])|\d:\d{2}|\d\s*horas\b/iu,
    leftover: /(?:^|\s)(?:mañana|hoy|lunes|martes|miércoles|jueves|viernes|sábado|domingo|\d{1,2}:\d{2})(?=\s|$|[,.!?])/i,
    ambiguous: null,
  },
};
