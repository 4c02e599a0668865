import type { TextSpan } from './text-span.js';

/** Lead times the product offers; any other amount is dropped rather than rounded. */
export const REMIND_BEFORE_CHOICES = [0, 10, 30, 60] as const;

export interface RemindBeforePhrase {
  span: TextSpan;
  /** null when the text asks for a lead time the product does not offer. */
  minutes: number | null;
  requestedMinutes: number;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, five: 5, ten: 10, fifteen: 15, twenty: 20, thirty: 30, 'forty-five': 45, sixty: 60,
};

const LEAD = String.raw`(?:(?:remind|alert|notify|ping|warn)\s+me|(?:with\s+)?(?:a\s+)?reminder)`;
const AMOUNT = String.raw`(\d+|an?|one|two|five|ten|fifteen|twenty|thirty|forty-five|sixty|half\s+an?)`;
const UNIT = String.raw`(minutes?|mins?|m|hours?|hrs?|h)`;
const BEFORE = String.raw`(?:before(?:hand)?|ahead|early|earlier|in\s+advance|prior)`;
const PREFIX = String.raw`(?:[,;.]?\s*(?:and\s+|then\s+)?)`;

const LEAD_TIME = new RegExp(String.raw`${PREFIX}${LEAD}\s+${AMOUNT}[\s-]*${UNIT}\s+${BEFORE}(?![\p{L}\p{N}])`, 'iu');
const NOUN_FORM = new RegExp(String.raw`${PREFIX}(?:with\s+)?(?:an?\s+)?${AMOUNT}[\s-]*${UNIT}\s+reminder(?![\p{L}\p{N}])`, 'iu');
const ON_TIME = new RegExp(String.raw`${PREFIX}(?:remind|alert|notify|ping)\s+me\s+(?:at\s+the\s+time|on\s+time|when\s+it\s+starts)(?![\p{L}\p{N}])`, 'iu');

function toMinutes(amount: string, unit: string): number {
  const word = amount.toLowerCase().replace(/\s+/g, ' ');
  const count = word.startsWith('half') ? 0.5 : (NUMBER_WORDS[word] ?? Number(word));
  return Math.round(unit.toLowerCase().startsWith('h') ? count * 60 : count);
}

function toPhrase(match: RegExpExecArray, requestedMinutes: number): RemindBeforePhrase {
  const supported = (REMIND_BEFORE_CHOICES as readonly number[]).includes(requestedMinutes);
  return {
    span: { start: match.index, end: match.index + match[0].length },
    minutes: supported ? requestedMinutes : null,
    requestedMinutes,
  };
}

/** Finds "remind me 10 minutes before" and friends; the phrase is not part of the title or the date. */
export function extractRemindBefore(text: string): RemindBeforePhrase | null {
  const onTime = ON_TIME.exec(text);
  if (onTime) return toPhrase(onTime, 0);
  const match = LEAD_TIME.exec(text) ?? NOUN_FORM.exec(text);
  if (!match) return null;
  return toPhrase(match, toMinutes(match[1] ?? '', match[2] ?? ''));
}
