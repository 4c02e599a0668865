import type { ParsedResult } from 'chrono-node';

// Short weekday and month names that are also everyday words: "sun cream", "sat nav", "march with".
const AMBIGUOUS_WORD = /^(?:(?:on|by|this|next)\s+)?(sun|sat|wed|march|may)$/i;
// What may follow such a word when it really is a date.
const DATE_FOLLOWER = /^\s*(?:$|[,.;:!?)\-]|\d|@|(?:at|and|or|to|for|with|morning|afternoon|evening|night|noon)\b)/i;
const MONTH_PREPOSITION = /\b(?:in|by|until|till|before|during|from|since|early|late|mid|of)\s*$/i;

function isUnlikely(result: ParsedResult, text: string): boolean {
  const word = AMBIGUOUS_WORD.exec(result.text.trim());
  if (!word) return false;
  const after = text.slice(result.index + result.text.length);
  if (!DATE_FOLLOWER.test(after)) return true;
  // A month on its own ("march") needs a preposition in front to be read as a date.
  const isMonth = /^(?:march|may)$/i.test(word[1] ?? '');
  return isMonth && !MONTH_PREPOSITION.test(text.slice(0, result.index));
}

/** Drops results that are more likely ordinary words than dates. */
export function dropUnlikelyDates(results: readonly ParsedResult[], text: string): ParsedResult[] {
  return results.filter((result) => !isUnlikely(result, text));
}
