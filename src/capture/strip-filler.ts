import type { TitleWords } from './languages/language-grammar.js';

/** Drops "remind me to", "please", "erinnere mich", "s'il te plaît" … from the edges of a title. */
export function stripFiller(title: string, words: Pick<TitleWords, 'leadingFiller' | 'trailingFiller'>): string {
  let current = title.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const filler of words.leadingFiller) {
      const next = current.replace(filler, '').trimStart();
      if (next !== current) {
        current = next;
        changed = true;
      }
    }
    const next = current.replace(words.trailingFiller, '');
    if (next !== current) {
      current = next;
      changed = true;
    }
  }
  return current;
}
