import { open, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.js';
import { instantParam, param } from './raw-sql.js';
import { sqliteFilePath } from './migrate-sqlite.js';
import type { Config } from '../config.js';

export interface WriteProbe {
  /** null while writes succeed; otherwise why they fail. */
  check(): Promise<string | null>;
}

/** One probe answers every readiness check within this long, so /readyz cannot be used to make writes. */
const REUSE_MS = 1_000;
/** A few SQLite pages: what the next commit may need the file system to find. */
const ROOM_BYTES = 16 * 1024;

/**
 * The readiness check's proof that writes work: a committed write to the one-row health_probes table
 * and, for SQLite, room on its file system for a few more pages. The room check is what sees a full
 * disk: SQLite reuses space in its write-ahead log, so a small commit can still succeed while anything
 * that needs one more page fails with SQLITE_FULL.
 */
export function createWriteProbe(database: Database, config: Config['database'], now: () => Date): WriteProbe {
  const directory = database.provider === 'sqlite' ? path.dirname(sqliteFilePath(config.url)) : undefined;
  let last: { at: number; result: Promise<string | null> } | undefined;

  async function probe(): Promise<string | null> {
    try {
      const p = (n: number) => param(database.provider, n);
      await database.db.$executeRawUnsafe(
        `INSERT INTO health_probes (id, probed_at) VALUES (1, ${p(1)}) ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at`,
        instantParam(database.provider, now()),
      );
      if (directory) await checkRoom(directory);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message.split('\n').filter(Boolean).at(-1) ?? error.name : String(error);
    }
  }

  return {
    check() {
      const at = Date.now();
      if (!last || at - last.at >= REUSE_MS) last = { at, result: probe() };
      return last.result;
    },
  };
}

async function checkRoom(directory: string): Promise<void> {
  const file = path.join(directory, `.write-probe-${process.pid}`);
  const handle = await open(file, 'w');
  try {
    await handle.write(Buffer.alloc(ROOM_BYTES));
    await handle.datasync();
  } finally {
    await handle.close();
    await unlink(file).catch(() => undefined);
  }
}
