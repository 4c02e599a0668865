import path from 'node:path';
import { loadConfig } from '../config.js';
import { parseFlags } from './parse-flags.js';
import { UsageError } from './usage-error.js';

export const BACKUP_USAGE = 'backup --out <file>                copy the SQLite database while the service runs';

/** `tickler backup`: an online copy of the SQLite database; PostgreSQL has pg_dump for that. */
export async function backup(args: string[]): Promise<void> {
  const values = parseFlags('backup', args, { out: { type: 'string' } });
  if (!values.out) throw new UsageError('backup needs --out <file>');
  const { database } = loadConfig();
  if (database.provider !== 'sqlite') {
    throw new Error('backup copies the embedded SQLite database; for PostgreSQL use pg_dump (docs/deployment.md#backups)');
  }
  const [{ backupSqlite }, { sqliteFilePath }] = await Promise.all([import('../db/backup-sqlite.js'), import('../db/migrate-sqlite.js')]);
  const result = await backupSqlite(sqliteFilePath(database.url), path.resolve(values.out));
  process.stderr.write(`backed up ${sqliteFilePath(database.url)} to ${result.file} (${result.bytes} bytes)\n`);
}
