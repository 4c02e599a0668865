import { describe, expect, it } from 'vitest';
import { CAPTURE_LANGUAGES } from '../../src/capture/languages/capture-language.js';
import { parseTaskText } from '../../src/capture/parse-task-text.js';
import { normalizeRecurrence } from '../../src/tasks/recurrence-rule.js';
import { allTables } from './tables/all-tables.js';
import { formatMisses, formatScores, scoreTables } from './tables/score-tables.js';

// Issue 25: the project's phrases in seven languages plus the held-out phrases written from real task
// lists, each with the expected title, local date and time, RRULE and reminder, at several reference
// instants and zones (a DST change, the last day of a month).
const tables = allTables();
const scores = scoreTables(tables);

describe('the offline parser on the phrase table', () => {
  it('has at least 600 phrases, 150 repeating, and 60 in every language', () => {
    const all = scores.get('all')!;
    expect(all.total).toBeGreaterThanOrEqual(600);
    expect(all.repeating).toBeGreaterThanOrEqual(150);
    for (const language of CAPTURE_LANGUAGES) expect(scores.get(language)?.total ?? 0).toBeGreaterThanOrEqual(60);
    const zones = new Set(tables.map((table) => table.timeZone));
    expect(zones.size).toBeGreaterThanOrEqual(8);
  });

  for (const language of CAPTURE_LANGUAGES) {
    it(`reads at least 97% of the ${language} phrases exactly (title, date, time, rule, reminder)`, () => {
      const score = scores.get(language)!;
      if (score.misses.length > 0) console.log(`${language} misses:\n${formatMisses(score)}`);
      expect(score.exact / score.total).toBeGreaterThanOrEqual(0.97);
    });
  }

  it('gives only rules the task rules accept, in their canonical form', () => {
    for (const table of tables) {
      for (const phrase of table.cases) {
        const draft = parseTaskText(phrase.text, { now: table.now, timeZone: table.timeZone, defaultTime: table.defaultTime, language: table.language });
        if (draft.recurrence !== null) expect(normalizeRecurrence(draft.recurrence)).toBe(draft.recurrence);
        if (draft.recurrence !== null) expect(draft.dueAt).not.toBeNull();
      }
    }
    console.log(formatScores(scores));
  });
});
