import { describe, expect, it } from 'vitest';
import { parseTaskText } from '../../src/capture/parse-task-text.js';
import { normalizeRecurrence } from '../../src/tasks/recurrence-rule.js';
import { recurrencePhrases } from './recurrence-phrases.js';

describe('the offline parser on repeating phrases', () => {
  it('reads title, rule, first date and time exactly for every phrase of the table', () => {
    const misses = recurrencePhrases.cases.filter((c) => {
      const draft = parseTaskText(c.text, recurrencePhrases);
      return draft.title !== c.title || draft.recurrence !== c.recurrence || draft.date !== c.date || draft.time !== c.time;
    });
    console.log(`repeating phrases: ${recurrencePhrases.cases.length - misses.length}/${recurrencePhrases.cases.length} exact`);
    expect(misses.map((c) => c.text)).toEqual([]);
  });

  it('gives only rules the task rules accept, with an empty description', () => {
    for (const c of recurrencePhrases.cases.filter((row) => row.recurrence !== null)) {
      const draft = parseTaskText(c.text, recurrencePhrases);
      expect(normalizeRecurrence(draft.recurrence!)).toBe(draft.recurrence);
      expect(draft.description).toBe('');
    }
  });

  it('keeps only the next occurrence of a repeat more often than daily, and says so', () => {
    const draft = parseTaskText('remind me to drink water every 2 hours', recurrencePhrases);
    expect(draft.recurrence).toBeNull();
    expect(draft.description).toBe('Repeats every 2 hours (repeating more often than daily is not supported; this is the next occurrence).');
  });
});
