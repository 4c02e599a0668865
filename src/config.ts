import path from 'node:path';
import { parseDuration } from './duration.js';

export type DatabaseProvider = 'sqlite' | 'postgresql';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AuthConfig {
  /** `local`: tokens signed by the service's own key in DATA_DIR; `oidc`: tokens of an external issuer. */
  mode: 'local' | 'oidc';
  issuer: string;
  audience: string;
  jwksUrl: URL | undefined;
}

/** An OpenAI-compatible provider for capture (chat completions, audio transcription, vision). */
export interface OpenAiConfig {
  apiKey: string;
  baseUrl: string;
  model: string;
  transcribeModel: string;
  visionModel: string;
}

export interface CaptureConfig {
  /** null: no AI provider; text and images are parsed offline, voice is refused. */
  ai: OpenAiConfig | null;
  /** The most one call to the AI provider may take before capture falls back. */
  aiTimeoutMs: number;
  /** "HH:MM": the time of day a date-only phrase ("on Friday") is due. */
  defaultTime: string;
}

export interface ReminderConfig {
  /** A reminder whose task has been due longer than this when it could fire is recorded as missed. */
  graceMs: number;
  /** How often due reminders are swept (the bound on how late one fires in normal operation). */
  sweepIntervalMs: number;
  /** How long a crashed instance's hold on the sweep job blocks the other instances. */
  lockLifetimeMs: number;
}

export interface WebhookConfig {
  /** true: http:// URLs and any address (loopback, private) are allowed; for local development and tests only. */
  allowInsecure: boolean;
  /** Delay before each attempt: [0] before the first (normally 0), [1] before the first retry, ... */
  retryScheduleMs: number[];
  /** An attempt succeeds on a 2xx status within this time. */
  timeoutMs: number;
  /** An endpoint whose attempts have all failed for this long is disabled. */
  disableAfterMs: number;
  /** How often the Agenda job sweeps for due deliveries (retries; new events are sent at once). */
  sweepIntervalMs: number;
  /** Attempts in flight at once, per instance. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint, per instance. */
  concurrencyPerEndpoint: number;
  /** How long a claimed delivery stays claimed; a crashed worker's claims come back after this. */
  leaseMs: number;
}

export interface RetentionConfig {
  /** Outbox events already published and fanned out are deleted once they are older than this. */
  eventRetentionMs: number;
  /** Delivered and failed webhook deliveries, with their attempt log, are deleted this long after their last change. */
  webhookLogRetentionMs: number;
  /** How often the pruning job runs. */
  pruneIntervalMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { provider: DatabaseProvider; url: string };
  auth: AuthConfig;
  logLevel: LogLevel;
  production: boolean;
  /** Redis for the event bus shared by several instances (subscriptions); undefined: in-process only. */
  redisUrl: string | undefined;
  capture: CaptureConfig;
  reminders: ReminderConfig;
  webhooks: WebhookConfig;
  retention: RetentionConfig;
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

const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

function readOpenAi(env: Env): OpenAiConfig | null {
  const apiKey = env.OPENAI_API_KEY ?? '';
  const optional = ['OPENAI_BASE_URL', 'OPENAI_MODEL', 'OPENAI_TRANSCRIBE_MODEL', 'OPENAI_VISION_MODEL'];
  if (apiKey.trim() === '') {
    const stray = optional.find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} is set but OPENAI_API_KEY is not`);
    return null;
  }
  const model = readNonEmpty(env, 'OPENAI_MODEL', 'gpt-4o-mini');
  return {
    apiKey,
    baseUrl: readUrl(env, 'OPENAI_BASE_URL')?.toString() ?? OPENAI_DEFAULT_BASE_URL,
    model,
    transcribeModel: readNonEmpty(env, 'OPENAI_TRANSCRIBE_MODEL', 'whisper-1'),
    visionModel: readNonEmpty(env, 'OPENAI_VISION_MODEL', model),
  };
}

/** "8s", "1.5s" or "8000ms", from 100 ms to 120 s. */
function readAiTimeout(env: Env): number {
  const raw = env.CAPTURE_AI_TIMEOUT ?? '8s';
  const match = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(raw.trim());
  const ms = match ? Math.round(Number(match[1]) * (match[2] === 's' ? 1000 : 1)) : NaN;
  if (!(ms >= 100 && ms <= 120_000)) {
    throw new ConfigError(`CAPTURE_AI_TIMEOUT must look like 8s or 8000ms (100ms to 120s), got "${raw}"`);
  }
  return ms;
}

function readDefaultTime(env: Env): string {
  const raw = env.CAPTURE_DEFAULT_TIME ?? '09:00';
  if (!/^(?:[01]\d|2[0-3]):[0-5]\d$/.test(raw)) {
    throw new ConfigError(`CAPTURE_DEFAULT_TIME must be a 24-hour time HH:MM, got "${raw}"`);
  }
  return raw;
}

function readCapture(env: Env): CaptureConfig {
  return { ai: readOpenAi(env), aiTimeoutMs: readAiTimeout(env), defaultTime: readDefaultTime(env) };
}

function readRedisUrl(env: Env): string | undefined {
  const raw = env.REDIS_URL;
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got "${raw}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError(`REDIS_URL must be a redis:// or rediss:// URL, got "${raw}"`);
  }
  return raw;
}

function readDurationVar(env: Env, name: string, fallback: string, minMs: number, maxMs: number): number {
  const raw = env[name] ?? fallback;
  const ms = parseDuration(raw);
  if (ms === null || ms < minMs || ms > maxMs) {
    throw new ConfigError(`${name} must be a duration like 500ms, 30s, 5m or 1h (${minMs}ms to ${maxMs}ms), got "${raw}"`);
  }
  return ms;
}

function readReminders(env: Env): ReminderConfig {
  return {
    graceMs: readDurationVar(env, 'REMINDER_GRACE', '1h', 1000, 30 * 86_400_000),
    sweepIntervalMs: readDurationVar(env, 'REMINDER_SWEEP_INTERVAL', '500ms', 100, 60_000),
    lockLifetimeMs: readDurationVar(env, 'REMINDER_LOCK_LIFETIME', '30s', 1000, 3_600_000),
  };
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name] ?? String(fallback);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** The Standard Webhooks schedule: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const STANDARD_RETRY_SCHEDULE = '0s,5s,5m,30m,2h,5h,10h,10h';

function readRetrySchedule(env: Env): number[] {
  const raw = env.WEBHOOK_RETRY_SCHEDULE ?? STANDARD_RETRY_SCHEDULE;
  const delays = raw.split(',').map((entry) => (/^\s*0(ms|s|m|h|d)?\s*$/.test(entry) ? 0 : parseDuration(entry)));
  if (delays.length > 20 || delays.some((ms) => ms === null || ms > 7 * 86_400_000)) {
    throw new ConfigError(
      `WEBHOOK_RETRY_SCHEDULE must be 1 to 20 comma-separated durations like 0s,5s,5m,2h (each at most 7d), got "${raw}"`,
    );
  }
  return delays as number[];
}

function readWebhooks(env: Env): WebhookConfig {
  const timeoutMs = readDurationVar(env, 'WEBHOOK_TIMEOUT', '10s', 100, 60_000);
  const leaseMs = readDurationVar(env, 'WEBHOOK_LEASE', '1m', 1000, 3_600_000);
  if (leaseMs < timeoutMs + 1000) {
    throw new ConfigError(`WEBHOOK_LEASE must be at least WEBHOOK_TIMEOUT + 1s (${timeoutMs + 1000}ms), got ${leaseMs}ms`);
  }
  return {
    allowInsecure: readBoolean(env, 'WEBHOOK_ALLOW_INSECURE', false),
    retryScheduleMs: readRetrySchedule(env),
    timeoutMs,
    disableAfterMs: readDurationVar(env, 'WEBHOOK_DISABLE_AFTER', '5d', 1000, 365 * 86_400_000),
    sweepIntervalMs: readDurationVar(env, 'WEBHOOK_SWEEP_INTERVAL', '1s', 50, 60_000),
    concurrency: readInteger(env, 'WEBHOOK_CONCURRENCY', 64, 1, 1000),
    concurrencyPerEndpoint: readInteger(env, 'WEBHOOK_CONCURRENCY_PER_ENDPOINT', 4, 1, 100),
    leaseMs,
  };
}

function readRetention(env: Env): RetentionConfig {
  const year = 365 * 86_400_000;
  return {
    eventRetentionMs: readDurationVar(env, 'EVENT_RETENTION', '7d', 1000, year),
    webhookLogRetentionMs: readDurationVar(env, 'WEBHOOK_LOG_RETENTION', '30d', 1000, year),
    pruneIntervalMs: readDurationVar(env, 'PRUNE_INTERVAL', '1h', 100, 86_400_000),
  };
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
    redisUrl: readRedisUrl(env),
    capture: readCapture(env),
    reminders: readReminders(env),
    webhooks: readWebhooks(env),
    retention: readRetention(env),
  };
}
