import { requestFingerprint } from '../idempotency/idempotency-key.js';

/** Where an imported task came from: an entry of an export document, or a row of a Todoist CSV. */
export type ImportKeySource = 'tickler' | 'todoist';

/**
 * A stable name for one entry of an import file, stored on the task it creates (`tasks.import_key`):
 * the SHA-256 of what identifies the entry in its file. An export document's task is identified by its
 * account, id and creation time (so a later export of the same account names it the same, even after
 * it changed); anything else by its whole content. It does not depend on when the file is imported,
 * so a date phrase read relative to today cannot make a retry look new.
 */
export function importKeyOf(source: ImportKeySource, identity: unknown): string {
  return `${source}:${requestFingerprint(`import.${source}`, identity)}`;
}

/**
 * Tells apart entries of one file that have the same key (a list holding "Buy milk" twice): the second
 * gets `#1`, the third `#2`, so the file creates each once, and again nothing on a retry.
 */
export function numberRepeatedKeys(keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count === 0 ? key : `${key}#${count}`;
  });
}
