import { isGlue, senseOf, type Word } from './languages/lexicon.js';
import type { TextSpan } from './text-span.js';

/** Lead times the product offers; any other amount is dropped rather than rounded. */
export const REMIND_BEFORE_CHOICES = [0, 10, 30, 60] as const;

export interface RemindBeforePhrase {
  span: TextSpan;
  /** null when the text asks for a lead time the product does not offer. */
  minutes: number | null;
  requestedMinutes: number;
}

const UNIT_MINUTES: Partial<Record<string, number>> = { minute: 1, hour: 60, day: 1440 };

/** "10 minutes", "an hour", "10-minute", "half an hour", "1h": minutes and the index after. */
export function readAmount(words: readonly Word[], i: number): { minutes: number; next: number } | null {
  const duration = senseOf(words[i], 'duration');
  if (duration) return { minutes: duration.minutes, next: i + 1 };
  const amount = senseOf(words[i], 'num');
  if (!amount) return null;
  let j = i + 1;
  // "10-minute", Italian "un'ora"
  if (words[j]?.text === '-' || words[j]?.text === "'" || words[j]?.text === '’') j += 1;
  const unit = senseOf(words[j], 'unit');
  const perUnit = unit ? UNIT_MINUTES[unit.u] : undefined;
  return perUnit === undefined ? null : { minutes: amount.n * perUnit, next: j + 1 };
}

export function skipGlue(words: readonly Word[], i: number): number {
  let j = i;
  while (j < words.length && j - i < 3 && isGlue(words[j]) && !senseOf(words[j], 'num')) j += 1;
  return j;
}

type Match = { first: number; last: number; minutes: number };

function matchAt(words: readonly Word[], i: number): Match | null {
  const word = words[i];
  if (senseOf(word, 'remind') || senseOf(word, 'reminder')) {
    const j = skipGlue(words, i + 1);
    if (senseOf(words[j], 'onTime') && senseOf(word, 'remind')) return { first: i, last: j, minutes: 0 };
    const amount = readAmount(words, j);
    const before = amount ? skipGlue(words, amount.next) : -1;
    if (amount && senseOf(words[before], 'before')) return { first: i, last: before, minutes: amount.minutes };
  }
  const amount = readAmount(words, i);
  if (!amount) return null;
  // "a 10 minute reminder", "10 Minuten vorher erinnern", "30 minutes avant, rappelle-moi"
  if (senseOf(words[amount.next], 'reminder')) return { first: i, last: amount.next, minutes: amount.minutes };
  if (senseOf(words[amount.next], 'before')) {
    const k = skipGlue(words, amount.next + 1);
    if (senseOf(words[k], 'remind') || senseOf(words[k], 'reminder')) return { first: i, last: k, minutes: amount.minutes };
  }
  return null;
}

// "…, and remind me", "with a 10 minute reminder": the joining words before belong to the request.
function widenLeft(words: readonly Word[], first: number): number {
  let start = first;
  while (start > 0) {
    const previous = words[start - 1]!;
    const joins = senseOf(previous, 'and') || isGlue(previous) || /^(?:an?|then|with|[;.])$/i.test(previous.text);
    if (!joins) break;
    start -= 1;
  }
  return start;
}

/** Finds "remind me 10 minutes before", "erinnere mich 10 Minuten vorher", "avísame una hora antes"; not part of the title or the date. */
export function extractRemindBefore(words: readonly Word[]): RemindBeforePhrase | null {
  for (let i = 0; i < words.length; i += 1) {
    const match = matchAt(words, i);
    if (!match) continue;
    const start = words[widenLeft(words, match.first)]!.start;
    const requestedMinutes = Math.round(match.minutes);
    const supported = (REMIND_BEFORE_CHOICES as readonly number[]).includes(requestedMinutes);
    return { span: { start, end: words[match.last]!.end }, minutes: supported ? requestedMinutes : null, requestedMinutes };
  }
  return null;
}
