import type { ParsedResult } from 'chrono-node';
import type { AmbiguousDateWords } from './languages/language-grammar.js';

function isUnlikely(result: ParsedResult, text: string, ambiguous: AmbiguousDateWords): boolean {
  const word = ambiguous.word.exec(result.text.trim());
  if (!word) return false;
  const after = text.slice(result.index + result.text.length);
  if (!ambiguous.dateFollower.test(after)) return true;
  // A month on its own ("march") needs a preposition in front to be read as a date.
  return ambiguous.month.test(word[1] ?? '') && !ambiguous.monthPreposition.test(text.slice(0, result.index));
}

// A result that starts or ends inside a word: chrono's German weekday "Fr" in "früh".
function isInsideWord(result: ParsedResult, text: string): boolean {
  const before = text.slice(0, result.index);
  const after = text.slice(result.index + result.text.length);
  return (/^[\p{L}\p{N}]/u.test(result.text) && /[\p{L}\p{N}]$/u.test(before)) || (/\p{L}$/u.test(result.text) && /^\p{L}/u.test(after));
}

/** Drops results that are more likely ordinary words than dates ("sun cream", "sat nav", "march with", "früh"). */
export function dropUnlikelyDates(results: readonly ParsedResult[], text: string, ambiguous: AmbiguousDateWords | null): ParsedResult[] {
  return results.filter((result) => !isInsideWord(result, text) && !(ambiguous && isUnlikely(result, text, ambiguous)));
}
