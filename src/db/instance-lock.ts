import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makePrivateDirectory, makeSqliteFilesPrivate, PRIVATE_FILE_MODE } from './private-files.js';

/** Another process serves the same SQLite data directory; the message names it. */
export class InstanceLockedError extends Error {
  override name = 'InstanceLockedError';
}

export interface InstanceLock {
  release(): void;
}

export const LOCK_FILE = 'tickler.lock';
export const PID_FILE = 'tickler.pid';

/**
 * Makes this process the only `tickler serve` of a SQLite data directory. The lock is an exclusive
 * SQLite (fcntl) lock on DATA_DIR/tickler.lock, held for the life of the process: the kernel drops it
 * when the process ends however it ends, so the lock of a dead process (kill -9, a crash, a container
 * restarted as PID 1 again) is taken over without a stale-pid guess. DATA_DIR/tickler.pid only names the
 * holder in the refusal.
 */
export function acquireInstanceLock(dataDir: string): InstanceLock {
  makePrivateDirectory(dataDir);
  makeSqliteFilesPrivate(path.join(dataDir, LOCK_FILE));
  const lock = new Database(path.join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
    const holder = readHolder(dataDir);
    throw new InstanceLockedError(
      `another tickler serve${holder ? ` (pid ${holder})` : ''} already serves the SQLite data directory ${dataDir}: ` +
        'stop it first, or give this one its own DATA_DIR',
    );
  }
  const pidFile = path.join(dataDir, PID_FILE);
  // Written afresh (a killed holder's file may be an older, wider one), readable by this user only.
  rmSync(pidFile, { force: true });
  writeFileSync(pidFile, `${process.pid}\n`, { mode: PRIVATE_FILE_MODE });
  return {
    release() {
      if (!lock.open) return;
      rmSync(pidFile, { force: true });
      lock.close();
    },
  };
}

function readHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
