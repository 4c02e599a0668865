import { readWords, senseOf, type Lexicon } from './languages/lexicon.js';

const AMOUNTS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, 'forty-five': 45, fifty: 50,
  sixty: 60, ninety: 90, 'a couple of': 2, 'a few': 3, 'half an': 0.5, 'half a': 0.5,
};
const UNIT_MILLIS: [RegExp, number][] = [
  [/^(?:seconds?|secs?|s)$/, 1_000],
  [/^(?:minutes?|mins?|m)$/, 60_000],
  [/^(?:hours?|hrs?|h)$/, 3_600_000],
  [/^(?:days?|d)$/, 86_400_000],
  [/^(?:weeks?|w)$/, 604_800_000],
];
const UNIT = String.raw`seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?`;
const WORD_AMOUNT = String.raw`a\s+couple\s+of|a\s+few|half\s+an?|forty-five|[a-z]+`;
// Digits may take a one-letter unit ("5m"); words may not, or "and" would read as "an d".
const PART = new RegExp(
  String.raw`(?:(\d+(?:\.\d+)?)\s*(${UNIT}|[smhdw])|(?<![a-z])(${WORD_AMOUNT})\s+(${UNIT}))(?![a-z])`,
  'g',
);
const LEFTOVER = /^(?:\s|,|and|in|within|after|from\s+now|later)*$/;

function toMillis(amount: string, unit: string): number | null {
  const count = AMOUNTS[amount.replace(/\s+/g, ' ')] ?? Number(amount);
  const millis = UNIT_MILLIS.find(([pattern]) => pattern.test(unit))?.[1];
  return Number.isFinite(count) && millis !== undefined ? count * millis : null;
}

/**
 * The elapsed time in "in 2 hours", "in 1 hour and 30 minutes", or null when the phrase says more
 * than a duration. Chrono adds durations on the host's local clock, which is off by an hour when the
 * host's own zone changes clocks in between; this reading does not depend on the host.
 */
export function readElapsedDuration(phrase: string, lexicon: Lexicon): number | null {
  return readEnglishDuration(phrase) ?? readDurationWords(phrase, lexicon);
}

const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };

/** "in 2 Stunden", "dans 1 heure et 30 minutes": the amounts and units the language's words name. */
function readDurationWords(phrase: string, lexicon: Lexicon): number | null {
  const words = readWords(phrase, lexicon);
  let total = 0;
  let found = false;
  for (const [i, word] of words.entries()) {
    const duration = senseOf(word, 'duration');
    if (duration) {
      total += duration.minutes * 60_000;
      found = true;
      continue;
    }
    const amount = senseOf(word, 'num');
    const unit = senseOf(words[i + 1], 'unit');
    const ms = unit ? UNIT_MS[unit.u] : undefined;
    if (amount && ms !== undefined) {
      total += amount.n * ms;
      found = true;
    }
  }
  return found ? total : null;
}

function readEnglishDuration(phrase: string): number | null {
  const text = phrase.toLowerCase().trim();
  let total = 0;
  let found = false;
  for (const match of text.matchAll(PART)) {
    const millis = toMillis(match[1] ?? match[3] ?? '', match[2] ?? match[4] ?? '');
    if (millis === null) return null;
    total += millis;
    found = true;
  }
  return found && LEFTOVER.test(text.replace(PART, ' ')) ? total : null;
}
