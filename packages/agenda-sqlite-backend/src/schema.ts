const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Table names end up inside SQL text (identifiers cannot be bound), so only plain identifiers are
 * accepted. Returns the name double-quoted, ready to interpolate.
 */
export function quoteTableName(tableName: string): string {
  if (!IDENTIFIER.test(tableName)) {
    throw new Error(`Invalid SQLite table name "${tableName}": use letters, digits and underscores`);
  }
  return `"${tableName}"`;
}

/**
 * The jobs table. Dates are epoch milliseconds (INTEGER), `data` and `skip_days` are JSON text.
 * Statements are idempotent so every process can run them on connect.
 */
export function jobsSchemaStatements(tableName: string): string[] {
  const table = quoteTableName(tableName);
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      priority INTEGER NOT NULL DEFAULT 0,
      next_run_at INTEGER,
      type TEXT NOT NULL DEFAULT 'normal' CHECK (type IN ('normal', 'single')),
      locked_at INTEGER,
      last_run_at INTEGER,
      last_finished_at INTEGER,
      failed_at INTEGER,
      fail_count INTEGER,
      fail_reason TEXT,
      repeat_interval, -- no declared type: a number stays a number, a cron string stays text
      repeat_timezone TEXT,
      repeat_at TEXT,
      data TEXT,
      disabled INTEGER NOT NULL DEFAULT 0,
      progress REAL,
      fork INTEGER NOT NULL DEFAULT 0,
      last_modified_by TEXT,
      debounce_started_at INTEGER,
      start_date INTEGER,
      end_date INTEGER,
      skip_days TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`,
    // Claiming a due job reads the first entry of this index: it only holds runnable rows (not
    // running, disabled or finished ones), in claim order.
    `CREATE INDEX IF NOT EXISTS "${tableName}_due_idx"
      ON ${table} (name, next_run_at, priority DESC)
      WHERE locked_at IS NULL AND disabled = 0 AND next_run_at IS NOT NULL`,
    // Locked rows are few (what is running right now); this finds the ones whose lock expired.
    `CREATE INDEX IF NOT EXISTS "${tableName}_locked_idx"
      ON ${table} (name, locked_at)
      WHERE locked_at IS NOT NULL`,
    // `every()` jobs exist once per name, also when several processes declare them at boot.
    `CREATE UNIQUE INDEX IF NOT EXISTS "${tableName}_single_idx"
      ON ${table} (name)
      WHERE type = 'single'`,
  ];
}

export function logsSchemaStatements(tableName: string): string[] {
  const table = quoteTableName(tableName);
  return [
    `CREATE TABLE IF NOT EXISTS ${table} (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      timestamp INTEGER NOT NULL,
      level TEXT NOT NULL,
      event TEXT NOT NULL,
      job_id TEXT,
      job_name TEXT NOT NULL,
      message TEXT NOT NULL,
      duration INTEGER,
      error TEXT,
      fail_count INTEGER,
      retry_delay INTEGER,
      retry_attempt INTEGER,
      agenda_name TEXT,
      meta TEXT
    )`,
    `CREATE INDEX IF NOT EXISTS "${tableName}_timestamp_idx" ON ${table} (timestamp)`,
    `CREATE INDEX IF NOT EXISTS "${tableName}_job_name_idx" ON ${table} (job_name, timestamp)`,
    `CREATE INDEX IF NOT EXISTS "${tableName}_job_id_idx" ON ${table} (job_id, timestamp)`,
  ];
}
