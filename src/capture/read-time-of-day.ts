import type { ParsedResult } from 'chrono-node';
import { END_OF_DAY_TAG, PART_OF_DAY_TAG } from './create-capture-chrono.js';
import type { DateWords } from './languages/language-grammar.js';

/** Our own parsers tag "heute Abend", "ce soir" as today only. */
export const TODAY_ONLY_TAG = 'capture/todayOnly';

/**
 * exact: "5pm", "17:30", "noon". bare-hour: "at 5", "9:30" (am or pm is a guess).
 * part-of-day: "morning", "tonight". end-of-day: "eod", "by end of day".
 */
export type SpokenTimeKind = 'exact' | 'bare-hour' | 'part-of-day' | 'end-of-day';

export interface SpokenTime {
  hour: number;
  minute: number;
  kind: SpokenTimeKind;
  /** "this evening", "tonight": today only, never rolled to tomorrow. */
  todayOnly: boolean;
  /** An hour before noon with no am/pm said ("8h", "at 8"): a part of the day next to it may still make it pm. */
  meridiemOpen?: boolean;
}

// Chrono's own choices (morning 06:00, evening 20:00, tonight 22:00) are too early or too late for tasks.
const MORNING = 9;
const AFTERNOON = 15;
const EVENING = 19;
const NIGHT = 20;
const NOON = 12;

function partOfDay(result: ParsedResult): number | null {
  const tags = result.tags();
  for (const tag of tags) if (tag.startsWith(PART_OF_DAY_TAG)) return Number(tag.slice(PART_OF_DAY_TAG.length));
  if (tags.has('casualReference/tonight')) return NIGHT;
  if (tags.has('casualReference/evening')) return /night|nacht|nuit|noche|noite|notte/i.test(result.text) ? NIGHT : EVENING;
  if (tags.has('casualReference/afternoon')) return AFTERNOON;
  if (tags.has('casualReference/morning')) return MORNING;
  if (tags.has('casualReference/noon')) return NOON;
  return null;
}

// "02:00" is a 24-hour time; "2:00" and "at 2" leave am/pm open.
function isZeroPadded(text: string, hour: number): boolean {
  return new RegExp(String.raw`(?:^|\D)0${hour}[:.h]\d\d`).test(text);
}

/** The time of day a parsed phrase names, or null when it names only a date. */
export function readTimeOfDay(result: ParsedResult, dates: DateWords): SpokenTime | null {
  const todayOnly = result.tags().has(TODAY_ONLY_TAG) || dates.todayOnly.test(result.text);
  if (result.tags().has(END_OF_DAY_TAG)) return { hour: 17, minute: 0, kind: 'end-of-day', todayOnly: false };
  const start = result.start;
  if (start.isCertain('hour')) {
    const hour = start.get('hour') ?? 0;
    const minute = start.get('minute') ?? 0;
    const open = !start.isCertain('meridiem') && hour >= 1 && hour <= 11;
    // "at 7 in the evening", "8h du soir": chrono joined the part of the day to the hour; it settles am/pm.
    const part = open ? partOfDay(result) : null;
    if (part !== null) return { hour: part >= 12 ? hour + 12 : hour, minute, kind: 'exact', todayOnly };
    const bare = open && !isZeroPadded(result.text, hour) && !dates.clockNotation?.test(result.text);
    return { hour, minute, kind: bare ? 'bare-hour' : 'exact', todayOnly, meridiemOpen: open };
  }
  const hour = partOfDay(result);
  return hour === null ? null : { hour, minute: 0, kind: 'part-of-day', todayOnly };
}
