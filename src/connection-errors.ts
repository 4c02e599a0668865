/**
 * What start-up says when a service it needs cannot be reached: which setting, which address (never a
 * password) and what to check, like the configuration errors do. "connect ECONNREFUSED 127.0.0.1:1"
 * alone names neither DATABASE_URL nor what to do about it.
 */

/** A backing service (PostgreSQL, Redis, the SQLite file) could not be reached or opened at start. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
}

/** The URL as it may be shown: the password (in the user part or as a `password` parameter) as `***`. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not a URL: show only its scheme, it could be anything.
    return `${raw.split(':')[0]}:…`;
  }
  if (url.password) url.password = '***';
  for (const name of [...url.searchParams.keys()]) if (/^pass(word)?$/i.test(name)) url.searchParams.set(name, '***');
  return url.toString();
}

interface SystemError {
  code?: string;
  message?: string;
  errors?: SystemError[];
}

/** The error's code; an AggregateError (every address of a name refused) carries it on its parts. */
function codeOf(error: unknown): string | undefined {
  const e = error as SystemError | undefined;
  return e?.code ?? e?.errors?.find((inner) => inner.code)?.code;
}

function messageOf(error: unknown): string {
  const e = error as SystemError | undefined;
  const message = e?.message || e?.errors?.map((inner) => inner.message).filter(Boolean).join(', ');
  return message || String(error);
}

/** host:port of the URL, with the scheme's default port. */
function addressOf(raw: string, defaultPort: number): string {
  try {
    const url = new URL(raw);
    return `${url.hostname || 'localhost'}:${url.port || defaultPort}`;
  } catch {
    return 'the address it names';
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE']);
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);

/** DATABASE_URL names a PostgreSQL server that refused or never answered the first connection. */
export function postgresConnectionError(url: string, error: unknown): ConnectionError {
  const code = codeOf(error);
  const address = addressOf(url, 5432);
  let check: string;
  if (code && UNREACHABLE.has(code)) {
    check = `check that PostgreSQL runs at ${address} and accepts connections from this host (listen_addresses, pg_hba.conf, a firewall), or correct the host and port in DATABASE_URL`;
  } else if (code && UNRESOLVED.has(code)) {
    check = `the host name does not resolve: correct it in DATABASE_URL`;
  } else if (code === '28P01' || code === '28000') {
    check = 'check the user name and password in DATABASE_URL (and the server\'s pg_hba.conf)';
  } else if (code === '3D000') {
    check = 'create that database (createdb) or correct its name in DATABASE_URL';
  } else {
    check = 'check DATABASE_URL and the server it names';
  }
  return new ConnectionError(`cannot connect to PostgreSQL at DATABASE_URL ${redactUrl(url)}: ${messageOf(error)}; ${check}`);
}

/** REDIS_URL names a Redis that refused or never answered. */
export function redisConnectionError(url: string, error: unknown): ConnectionError {
  const code = codeOf(error);
  const message = messageOf(error);
  const address = addressOf(url, 6379);
  let check: string;
  if (/NOAUTH|WRONGPASS|invalid password|invalid username-password/i.test(message)) {
    check = 'check the user name and password in REDIS_URL';
  } else if (code && UNRESOLVED.has(code)) {
    check = 'the host name does not resolve: correct it in REDIS_URL';
  } else {
    check = `check that Redis runs at ${address} and accepts connections from this host, or correct REDIS_URL (unset, one instance runs without Redis)`;
  }
  return new ConnectionError(`cannot connect to Redis at REDIS_URL ${redactUrl(url)}: ${message}; ${check}`);
}

/** The SQLite file of DATABASE_URL cannot be created or opened (a missing or read-only directory, permissions). */
export function sqliteOpenError(file: string, error: unknown): ConnectionError {
  return new ConnectionError(
    `cannot open the SQLite database ${file} (DATABASE_URL, by default in DATA_DIR): ${messageOf(error)}; ` +
      'check that its directory exists or can be created, and that this user may write to it',
  );
}
