import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

/**
 * The database (webhook secrets, push keys), its backups and the key files are for the service's own
 * user only: files 0600, directories the service makes 0700.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;

/** The files SQLite keeps beside a database while it is open. */
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Creates the directory (and any missing parent) 0700. A directory that exists keeps its mode: it is the
 * operator's (a mounted volume, a directory shared on purpose); the files in it are made private instead.
 */
export function makePrivateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
}

/** Creates `file` empty and 0600 unless it exists; the mode is given at creation, so no other user can open it in between. */
export function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** chmod 600 when anyone but the owner may read or write it; a file that is not there is left alone. */
function restrictMode(file: string): void {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((mode & 0o077) === 0) return;
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    throw new Error(`cannot make ${file} readable by its owner only (chmod 600): ${(error as Error).message}; run the service as the user that owns it`);
  }
}

/**
 * Makes a SQLite database private before SQLite opens it: a new one is created empty with 0600 (an
 * empty file is a valid empty database), an existing one and its WAL, SHM and journal are made 0600.
 * SQLite gives the WAL, SHM and journal files it creates later the database file's own mode, so they
 * are private too, whatever the umask.
 */
export function makeSqliteFilesPrivate(file: string): void {
  createPrivateFile(file);
  for (const path of [file, ...SQLITE_COMPANIONS.map((suffix) => `${file}${suffix}`)]) restrictMode(path);
}
