import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface TempDatabase {
  filename: string;
  /** A second connection, like another process would have, for checking what was committed. */
  inspect(): Database.Database;
  remove(): void;
}

export function createTempDatabase(prefix = 'agenda-sqlite-'): TempDatabase {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const filename = join(dir, 'jobs.db');
  const inspectors: Database.Database[] = [];
  return {
    filename,
    inspect() {
      const db = new Database(filename);
      db.pragma('busy_timeout = 5000');
      inspectors.push(db);
      return db;
    },
    remove() {
      for (const db of inspectors) if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}
