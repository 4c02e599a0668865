import type { TitleWords } from './languages/language-grammar.js';
import { stripFiller } from './strip-filler.js';
import { mergeSpans, type TextSpan } from './text-span.js';

const EDGE_PUNCTUATION_START = /^[\s,;:\-–—.!?]+/u;
const EDGE_PUNCTUATION_END = /[\s,;:\-–—.!?…]+$/u;

function trimEnd(text: string, danglingBefore: RegExp): string {
  let current = text;
  for (;;) {
    // "dentist fri @ 3pm": an "@" before a removed time joined it to the task.
    const trimmed = current.replace(/[\s,;:\-–—@]+$/u, '');
    const next = trimmed.replace(danglingBefore, '');
    if (next === current) return current;
    current = next;
  }
}

function trimStart(text: string, danglingAfter: RegExp): string {
  let current = text;
  for (;;) {
    const next = current.replace(EDGE_PUNCTUATION_START, '').replace(danglingAfter, '');
    if (next === current) return current;
    current = next;
  }
}

function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\(\s*\)|\[\s*\]|\{\s*\}/g, '')
    .replace(/\s+([,;:!?.…)])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/\s+/g, ' ')
    .replace(EDGE_PUNCTUATION_START, '')
    .replace(EDGE_PUNCTUATION_END, '');
}

function capitalise(text: string): string {
  const first = String.fromCodePoint(text.codePointAt(0) ?? 0);
  const upper = first.toUpperCase();
  // "ß" would become "SS": that changes the word, so leave such letters alone.
  return upper.length === first.length ? upper + text.slice(first.length) : text;
}

/** The task without its date phrases and filler, first letter capitalised, the rest as typed. */
export function extractTitle(text: string, removed: readonly TextSpan[], words: TitleWords): string {
  const spans = mergeSpans(removed);
  let kept = '';
  let cursor = 0;
  for (const span of spans) {
    kept = trimEnd(kept + text.slice(cursor, span.start), words.danglingBefore);
    cursor = span.end;
  }
  let title = tidy(`${kept} ${text.slice(cursor)}`);
  const ledByDate = spans.length > 0 && tidy(text.slice(0, spans[0]?.start ?? 0)) === '';
  if (ledByDate) title = trimStart(title, words.danglingAfter);
  const unfilled = stripFiller(title, words);
  // A leading "to" is only noise once something in front of it was removed.
  if (unfilled !== title) title = trimStart(unfilled, words.danglingAfter);
  title = tidy(title);
  return title ? capitalise(title) : '';
}
