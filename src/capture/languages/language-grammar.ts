import type { Chrono } from 'chrono-node';
import type { CaptureLanguage } from './capture-language.js';
import type { Lexicon } from './lexicon.js';

/** Words around a task's title that belong to the date phrase or to the request, not to the task. */
export interface TitleWords {
  /** A word left at the end of the text before a removed date phrase: "call mom on" + "friday". */
  danglingBefore: RegExp;
  /** A word left at the start of the title after a leading date phrase: "tomorrow" + "to call the bank". */
  danglingAfter: RegExp;
  /** "remind me to", "erinnere mich", "n'oublie pas de": removed from the start, repeatedly. */
  leadingFiller: RegExp[];
  /** "please", "bitte", "s'il te plaît": removed from the end. */
  trailingFiller: RegExp;
}

/** Short weekday and month names that are also everyday words ("sun cream", "march in the parade"). */
export interface AmbiguousDateWords {
  word: RegExp;
  /** What may follow such a word when it really is a date. */
  dateFollower: RegExp;
  /** Month names that need a preposition in front to be read as a date. */
  month: RegExp;
  monthPreposition: RegExp;
}

export interface DateWords {
  /** "this friday" (group 1 reads as one of this/next/last through `modifiers`). */
  weekdayModifier: RegExp;
  modifiers: Record<string, 'this' | 'next' | 'last'>;
  /** The whole of a chrono result that means the start of next week or next month; group 1 is the unit word. */
  nextPeriod: RegExp;
  /** The unit word of nextPeriod → week or month. */
  periods: Record<string, 'week' | 'month'>;
  /** "this evening", "tonight": today only, never moved to tomorrow. */
  todayOnly: RegExp;
  /**
   * A time written on the 24-hour clock in this language ("9 Uhr", "5h", "17:30", "9 uur"): read as
   * written, never as a bare hour. Null for English, where "9:30" leaves am/pm open.
   */
  clockNotation: RegExp | null;
  /** Words that, left in a title, suggest a date phrase the parser did not understand. */
  leftover: RegExp;
  ambiguous: AmbiguousDateWords | null;
}

/**
 * How a person lists reminders after "remind me": "at 8am and 10 min before", "um 8 Uhr und 10 Minuten
 * vorher". Single words, matched without case or accents.
 */
export interface RemindListWords {
  /** Between two reminders, besides a comma: "and", "also". */
  and: readonly string[];
  /** Between the task and the request: "…, and then remind me". */
  then: readonly string[];
  /** Words around a reminder's time that the language's chrono leaves out: "at", "on", Spanish "a" in "a las 8". */
  aroundTime: readonly string[];
}

/** Everything the offline parser needs to read one language. One file per language, this shape. */
export interface LanguageGrammar {
  language: CaptureLanguage;
  lexicon: Lexicon;
  /** Chrono with the language's own parsers where they are good, plus ours where they are not. */
  createChrono(): Chrono;
  title: TitleWords;
  dates: DateWords;
  remindList: RemindListWords;
}
