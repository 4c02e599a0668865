import path from 'node:path';

export type DatabaseProvider = 'sqlite' | 'postgresql';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AuthConfig {
  /** `local`: tokens signed by the service's own key in DATA_DIR; `oidc`: tokens of an external issuer. */
  mode: 'local' | 'oidc';
  issuer: string;
  audience: string;
  jwksUrl: URL | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { provider: DatabaseProvider; url: string };
  auth: AuthConfig;
  logLevel: LogLevel;
  production: boolean;
}

export const LOCAL_ISSUER = 'tickler-local';
export const LOCAL_AUDIENCE = 'tickler';

/** Thrown for a bad environment; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function readPort(env: Env): number {
  const raw = env.PORT ?? '3000';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function readNonEmpty(env: Env, name: string, fallback: string): string {
  const value = env[name] ?? fallback;
  if (value.trim() === '') throw new ConfigError(`${name} must not be empty`);
  return value;
}

function readUrl(env: Env, name: string): URL | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return url;
}

function readDatabase(env: Env, dataDir: string): Config['database'] {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') {
    return { provider: 'sqlite', url: `file:${path.join(dataDir, 'tickler.db')}` };
  }
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL is not a valid postgres:// URL');
    }
    return { provider: 'postgresql', url: raw };
  }
  if (raw.startsWith('file:')) {
    const file = raw.slice('file:'.length);
    if (file === '') throw new ConfigError('DATABASE_URL file: URL names no file');
    return { provider: 'sqlite', url: `file:${path.resolve(file)}` };
  }
  throw new ConfigError('DATABASE_URL must start with postgres://, postgresql:// or file:');
}

function readAuth(env: Env): AuthConfig {
  const issuer = env.AUTH_ISSUER;
  const jwksUrl = readUrl(env, 'AUTH_JWKS_URL');
  if (issuer === undefined || issuer === '') {
    if (env.AUTH_AUDIENCE) throw new ConfigError('AUTH_AUDIENCE is set but AUTH_ISSUER is not');
    if (jwksUrl) throw new ConfigError('AUTH_JWKS_URL is set but AUTH_ISSUER is not');
    return { mode: 'local', issuer: LOCAL_ISSUER, audience: LOCAL_AUDIENCE, jwksUrl: undefined };
  }
  readUrl(env, 'AUTH_ISSUER');
  const audience = env.AUTH_AUDIENCE;
  if (audience === undefined || audience === '') {
    throw new ConfigError('AUTH_AUDIENCE is required when AUTH_ISSUER is set');
  }
  return { mode: 'oidc', issuer, audience, jwksUrl };
}

function readLogLevel(env: Env): LogLevel {
  const raw = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(raw as LogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  return raw as LogLevel;
}

/** Reads and validates every environment variable the service uses. */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(readNonEmpty(env, 'DATA_DIR', './data'));
  return {
    port: readPort(env),
    host: readNonEmpty(env, 'HOST', '127.0.0.1'),
    dataDir,
    database: readDatabase(env, dataDir),
    auth: readAuth(env),
    logLevel: readLogLevel(env),
    production: env.NODE_ENV === 'production',
  };
}
