import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { createPrivateFile } from './private-files.js';

const ALL_PAGES = 0x7fffffff;

export interface SqliteBackup {
  /** Where the copy was written. */
  file: string;
  bytes: number;
}

/**
 * A consistent copy of a live SQLite database through SQLite's online backup API, safe while the
 * service writes to it: the copy is one committed state of the database. Written beside `outFile`
 * first and renamed into place, so a failed backup never leaves a half-written file under that name.
 * Readable by its owner only (0600).
 */
export async function backupSqlite(sourceFile: string, outFile: string): Promise<SqliteBackup> {
  if (!existsSync(sourceFile)) throw new Error(`there is no database at ${sourceFile}`);
  const partial = `${outFile}.partial`;
  rmSync(partial, { force: true });
  // Created 0600 before SQLite writes to it (its journal gets the same mode): a backup holds every secret
  // the database does. The rename keeps the mode, also over an older, wider file of that name.
  const source = new BetterSqlite3(sourceFile, { readonly: true, fileMustExist: true });
  try {
    createPrivateFile(partial);
    // Every page in one step: a write by the service between two steps restarts the copy, so copying
    // everything under one read lock is what lets it finish under a steady write load.
    await source.backup(partial, { progress: () => ALL_PAGES });
    renameSync(partial, outFile);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  return { file: outFile, bytes: statSync(outFile).size };
}
