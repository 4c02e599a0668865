import { readFileSync } from 'node:fs';
import { CAPTURE_LANGUAGES, type CaptureLanguage } from '../../../src/capture/languages/capture-language.js';
import type { PhraseCase, PhraseTable } from './phrase-table.js';

interface HeldOutFile {
  language: CaptureLanguage;
  reference: { now: string; timeZone: string };
  cases: Array<Omit<PhraseCase, 'remindBefore' | 'recurrence'> & { recurrence: string | null; remindBefore: number | null }>;
}

/**
 * The held-out phrases (test/capture/heldout/<lang>.json), written from real task lists by someone who
 * did not read the parser; scored like the project's own tables.
 */
export function heldOutTables(languages: readonly CaptureLanguage[] = CAPTURE_LANGUAGES): PhraseTable[] {
  return languages.map((language) => {
    const file = JSON.parse(readFileSync(new URL(`../heldout/${language}.json`, import.meta.url), 'utf8')) as HeldOutFile;
    return {
      name: `held-out ${language}, ${file.reference.timeZone} ${file.reference.now}`,
      language,
      now: new Date(file.reference.now),
      timeZone: file.reference.timeZone,
      defaultTime: '09:00',
      origin: 'held-out',
      cases: file.cases.map((c) => ({ ...c, recurrence: c.recurrence ?? null, remindBefore: c.remindBefore ?? null })),
    };
  });
}
