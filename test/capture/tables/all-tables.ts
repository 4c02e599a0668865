import { germanTables } from './de.js';
import { englishTables } from './en.js';
import { spanishTables } from './es.js';
import { frenchTables } from './fr.js';
import { heldOutTables } from './heldout.js';
import { italianTables } from './it.js';
import { dutchTables } from './nl.js';
import type { PhraseTable } from './phrase-table.js';
import { portugueseTables } from './pt.js';

/** The project's phrase table in every language. */
export const projectTables: PhraseTable[] = [
  ...englishTables,
  ...germanTables,
  ...frenchTables,
  ...spanishTables,
  ...portugueseTables,
  ...dutchTables,
  ...italianTables,
];

/** The whole table: the project's phrases and the held-out ones. */
export function allTables(): PhraseTable[] {
  return [...projectTables, ...heldOutTables()];
}
