import { isGlue, senseOf, type Unit, type Word } from './languages/lexicon.js';
import { at, MAX_GLUE } from './read-repeat-parts.js';
import type { TextSpan } from './text-span.js';

export interface RepeatEnd {
  span: TextSpan;
  count?: number;
  lasting?: { n: number; unit: Unit };
  untilAt?: number;
}

/** "until Dec 31", "for 10 weeks", "10 times", "bis 31. Dezember", "10 Wochen lang", "durante 10 semanas". */
export function readEnd(words: readonly Word[], from: number): RepeatEnd | null {
  for (let i = from; i < words.length; i += 1) {
    const word = words[i]!;
    if (senseOf(word, 'until')) {
      let j = i + 1;
      while (j < words.length && isGlue(words[j]) && j - i <= MAX_GLUE) j += 1;
      if (j < words.length) return { span: { start: word.start, end: word.end }, untilAt: words[j]!.start };
    }
    const forWord = senseOf(word, 'for');
    if (forWord && !forWord.after) {
      const n = at(words, i + 1, 'num');
      const unit = n ? at(words, n.next, 'unit') : null;
      if (n && unit && !['minute', 'hour'].includes(unit.sense.u)) {
        return { span: { start: word.start, end: words[unit.next - 1]!.end }, lasting: { n: n.sense.n, unit: unit.sense.u } };
      }
    }
    const n = senseOf(word, 'num');
    if (n) {
      const times = senseOf(words[i + 1], 'times');
      if (times && n.n >= 1) return { span: { start: word.start, end: words[i + 1]!.end }, count: n.n };
      const unit = senseOf(words[i + 1], 'unit');
      const after = senseOf(words[i + 2], 'for');
      if (unit && after?.after && !['minute', 'hour'].includes(unit.u)) {
        return { span: { start: word.start, end: words[i + 2]!.end }, lasting: { n: n.n, unit: unit.u } };
      }
    }
  }
  return null;
}
