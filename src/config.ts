import path from 'node:path';
import { parseDuration } from './duration.js';
import { defaultPushContact, pushContactProblem } from './push/push-contact.js';
import { vapidKeyPairProblem, type VapidKeys } from './push/vapid-keys.js';

export type DatabaseProvider = 'sqlite' | 'postgresql';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/**
 * `auto`: JSON logs, preceded on an interactive terminal by a line for people; `json`: JSON logs only;
 * `pretty`: the same log lines made readable for a person (pino-pretty), for development.
 */
export type LogFormat = 'auto' | 'json' | 'pretty';

export interface AuthConfig {
  /** `local`: tokens signed by the service's own key in DATA_DIR; `oidc`: tokens of an external issuer. */
  mode: 'local' | 'oidc';
  issuer: string;
  audience: string;
  jwksUrl: URL | undefined;
  /** OIDC mode: the client id the web app uses for Authorization Code + PKCE at the issuer. */
  clientId: string | undefined;
  /** Sign-in sessions of the local issuer (links from `tickler login`, rotating refresh tokens). */
  sessions: SessionConfig;
}

export interface SessionConfig {
  /** Lifetime of a session's access tokens. */
  accessTtlMs: number;
  /** A session's refresh token stops working this long after its last use. */
  idleTtlMs: number;
  /**
   * A refresh token presented again this soon after it was spent answers its successor again instead
   * of counting as reuse (a lost answer, two tabs at once), while that successor is still current.
   */
  refreshGraceMs: number;
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

export interface PushConfig {
  /**
   * The VAPID `sub`: a mailto: or https: URL at a real domain, where push services may contact this
   * sender's operator. null: there is none (PUSH_CONTACT unset and PUBLIC_URL gives none), so push is off.
   */
  contact: string | null;
  /** Why push is off, naming PUSH_CONTACT (the start-up log line); undefined while it is on. */
  offReason?: string;
  /** A key pair shared by every instance; undefined: the one in DATA_DIR/keys/vapid.json (created on first start). */
  vapidKeys: VapidKeys | undefined;
  /** Requests to push services in flight at once, per instance. */
  concurrency: number;
}

export interface MailConfig {
  /** SMTP_URL (smtp:// or smtps://, credentials in the URL); null: email is off. */
  smtpUrl: string | null;
  /** MAIL_FROM: the From of every mail, `Name <address>` or a bare address. */
  from: string;
  /** DIGEST_INTERVAL: how often the job looks for people whose digest hour has come. */
  digestIntervalMs: number;
  /** EMAIL_CONCURRENCY: mails in flight at once, per instance. */
  concurrency: number;
  /** SMTP_MAX_CONNECTIONS: connections each instance keeps open to the SMTP server. */
  maxConnections: number;
  /** SMTP_MAX_MESSAGES: mails sent over one connection before it is replaced. */
  maxMessages: number;
}

export interface RetentionConfig {
  /** Outbox events already published and fanned out are deleted once they are older than this. */
  eventRetentionMs: number;
  /** Delivered and failed webhook deliveries, with their attempt log, are deleted this long after their last change. */
  webhookLogRetentionMs: number;
  /** How often the pruning job runs. */
  pruneIntervalMs: number;
}

/** Which proxies are believed about the client's address and protocol (X-Forwarded-For/-Proto); Fastify's trustProxy. */
export type TrustProxy = boolean | number | string[];

export interface RateLimitConfig {
  /** Requests per window for each authenticated user; 0: no limit. */
  perUser: number;
  /** Requests per window for each client address without a valid token; 0: no limit. */
  perAddress: number;
  /** Captures per window for each user (they may call a paid AI provider); 0: no limit. */
  capturePerUser: number;
  windowMs: number;
  /** Prefix of the counters' keys in Redis (with REDIS_URL), so deployments can share one Redis. */
  keyPrefix: string;
}

export interface Config {
  port: number;
  host: string;
  /** The URL people open (sign-in links point here): scheme, host and port only, no trailing slash. */
  publicUrl: string;
  dataDir: string;
  database: { provider: DatabaseProvider; url: string };
  auth: AuthConfig;
  logLevel: LogLevel;
  logFormat: LogFormat;
  production: boolean;
  trustProxy: TrustProxy;
  /** Set: GET /metrics needs this bearer token; unset: only loopback clients get it. */
  metricsToken: string | undefined;
  /** Origins allowed to call the API from a browser (exact `scheme://host[:port]`); empty: none. */
  corsOrigins: string[];
  rateLimits: RateLimitConfig;
  /** How long a client may take to send a whole request (headers and body); then 408. */
  httpRequestTimeoutMs: number;
  /** How long a SQLite write waits for the file's lock before it fails as busy. */
  sqliteBusyTimeoutMs: number;
  /** How long a SIGTERM/SIGINT drain may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Redis for the event bus shared by several instances (subscriptions); undefined: in-process only. */
  redisUrl: string | undefined;
  capture: CaptureConfig;
  reminders: ReminderConfig;
  webhooks: WebhookConfig;
  push: PushConfig;
  mail: MailConfig;
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

function readPort(raw: string, name: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new ConfigError(`${name} must be an integer from 0 to 65535, got "${raw}"`);
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

function readSessions(env: Env): SessionConfig {
  const accessTtlMs = readDurationVar(env, 'SESSION_ACCESS_TTL', '15m', 10_000, 86_400_000);
  const idleTtlMs = readDurationVar(env, 'SESSION_IDLE_TTL', '30d', 60_000, 365 * 86_400_000);
  // A refresh always outlives the access token it came with, so an active session's tokens never
  // outlast its refresh token (the session check need not look at idle expiry).
  if (idleTtlMs <= accessTtlMs) {
    throw new ConfigError(`SESSION_IDLE_TTL must be longer than SESSION_ACCESS_TTL (${accessTtlMs}ms), got ${idleTtlMs}ms`);
  }
  const refreshGraceMs = readDurationVar(env, 'SESSION_REFRESH_GRACE', '30s', 1000, 300_000);
  return { accessTtlMs, idleTtlMs, refreshGraceMs };
}

function readAuth(env: Env): AuthConfig {
  const issuer = env.AUTH_ISSUER;
  const jwksUrl = readUrl(env, 'AUTH_JWKS_URL');
  const sessions = readSessions(env);
  if (issuer === undefined || issuer === '') {
    if (env.AUTH_AUDIENCE) throw new ConfigError('AUTH_AUDIENCE is set but AUTH_ISSUER is not');
    if (jwksUrl) throw new ConfigError('AUTH_JWKS_URL is set but AUTH_ISSUER is not');
    if (env.AUTH_CLIENT_ID) throw new ConfigError('AUTH_CLIENT_ID is set but AUTH_ISSUER is not');
    return { mode: 'local', issuer: LOCAL_ISSUER, audience: LOCAL_AUDIENCE, jwksUrl: undefined, clientId: undefined, sessions };
  }
  readUrl(env, 'AUTH_ISSUER');
  const audience = env.AUTH_AUDIENCE;
  if (audience === undefined || audience === '') {
    throw new ConfigError('AUTH_AUDIENCE is required when AUTH_ISSUER is set');
  }
  const clientId = env.AUTH_CLIENT_ID;
  if (clientId !== undefined && clientId !== '' && (clientId.length > 255 || !/^[\x21-\x7e]+$/.test(clientId))) {
    throw new ConfigError('AUTH_CLIENT_ID must be 1-255 visible ASCII characters');
  }
  return { mode: 'oidc', issuer, audience, jwksUrl, clientId: clientId || undefined, sessions };
}

/** An address a browser can open for a listen address: wildcard hosts become loopback, IPv6 gets brackets. */
function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function readPublicUrl(env: Env, host: string, port: number): string {
  const raw = env.PUBLIC_URL;
  if (raw === undefined || raw === '') return `http://${hostForUrl(host)}:${port}`;
  const problem = 'PUBLIC_URL must be an http(s) URL with no path, query or fragment (like https://tickler.example.com)';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${problem}, got "${raw}"`);
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !raw.includes('?') && !raw.includes('#');
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || url.username !== '' || url.password !== '') {
    throw new ConfigError(`${problem}, got "${raw}"`);
  }
  return url.origin;
}

function readLogLevel(env: Env): LogLevel {
  const raw = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(raw as LogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  return raw as LogLevel;
}

const LOG_FORMATS: readonly LogFormat[] = ['auto', 'json', 'pretty'];

function readLogFormat(env: Env): LogFormat {
  const raw = env.LOG_FORMAT || 'auto';
  if (!LOG_FORMATS.includes(raw as LogFormat)) {
    throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got "${raw}"`);
  }
  return raw as LogFormat;
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/** false (default), true (believe every proxy), a hop count, or the proxies' addresses/CIDRs. */
function readTrustProxy(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  if (entries.every((entry) => IPV4.test(entry) || IPV6.test(entry) || named.includes(entry))) return entries;
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a hop count or comma-separated proxy addresses/CIDRs, got "${env.TRUST_PROXY}"`,
  );
}

function readMetricsToken(env: Env): string | undefined {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined || raw === '') return undefined;
  if (!/^[\x21-\x7e]{16,}$/.test(raw)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 visible ASCII characters without spaces');
  }
  return raw;
}

function readCorsOrigins(env: Env): string[] {
  const raw = (env.CORS_ORIGINS ?? '').trim();
  if (raw === '') return [];
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    // Exact origins only: a browser sends `scheme://host[:port]`, and anything else could never match.
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== origin) {
      throw new ConfigError(`CORS_ORIGINS must be comma-separated origins like https://app.example.com, got "${origin}"`);
    }
    return origin;
  });
}

function readRateLimits(env: Env): RateLimitConfig {
  const keyPrefix = env.RATE_LIMIT_KEY_PREFIX ?? 'tickler:rate-limit:';
  if (!/^[\x21-\x7e]{1,100}$/.test(keyPrefix)) {
    throw new ConfigError(`RATE_LIMIT_KEY_PREFIX must be 1 to 100 visible ASCII characters, got "${keyPrefix}"`);
  }
  return {
    perUser: readInteger(env, 'RATE_LIMIT_USER', 600, 0, 1_000_000),
    perAddress: readInteger(env, 'RATE_LIMIT_ADDRESS', 60, 0, 1_000_000),
    capturePerUser: readInteger(env, 'RATE_LIMIT_CAPTURE', 30, 0, 1_000_000),
    windowMs: readDurationVar(env, 'RATE_LIMIT_WINDOW', '1m', 1000, 3_600_000),
    keyPrefix,
  };
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

const PUSH_CONTACT_FORM = 'a mailto: address or an https: URL at a real domain (mailto:ops@example.com), the VAPID subject push services contact';

/**
 * PUSH_CONTACT, or one made from PUBLIC_URL. A PUSH_CONTACT that is set, or VAPID keys that are (push
 * configured on purpose), without a usable contact stop start-up; otherwise a missing one turns push off
 * and the rest of the service starts.
 */
function readPushContact(env: Env, publicUrl: string, keysConfigured: boolean): Pick<PushConfig, 'contact' | 'offReason'> {
  const raw = env.PUSH_CONTACT;
  if (raw !== undefined && raw !== '') {
    const problem = pushContactProblem(raw);
    if (problem) throw new ConfigError(`PUSH_CONTACT must be ${PUSH_CONTACT_FORM}; "${raw}" ${problem}`);
    return { contact: raw };
  }
  const derived = defaultPushContact(publicUrl);
  const problem = pushContactProblem(derived);
  if (!problem) return { contact: derived };
  const why = `PUSH_CONTACT is unset and PUBLIC_URL ${publicUrl} gives no usable contact ("${derived}" ${problem})`;
  if (keysConfigured) throw new ConfigError(`VAPID_PUBLIC_KEY is set but ${why}: set PUSH_CONTACT to ${PUSH_CONTACT_FORM}`);
  return { contact: null, offReason: `push notifications are off: ${why}; set PUSH_CONTACT to ${PUSH_CONTACT_FORM}` };
}

function readVapidKeys(env: Env): VapidKeys | undefined {
  const publicKey = env.VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY ?? '';
  if (publicKey === '' && privateKey === '') return undefined;
  if (publicKey === '' || privateKey === '') throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const problem = vapidKeyPairProblem({ publicKey, privateKey });
  if (problem) throw new ConfigError(problem);
  return { publicKey, privateKey };
}

function readPush(env: Env, publicUrl: string): PushConfig {
  const vapidKeys = readVapidKeys(env);
  return {
    ...readPushContact(env, publicUrl, vapidKeys !== undefined),
    vapidKeys,
    concurrency: readInteger(env, 'PUSH_CONCURRENCY', 64, 1, 1000),
  };
}

const MAIL_ADDRESS = /^[^\s@<>()",;]+@[^\s@<>()",;]+$/;

/** SMTP_URL and MAIL_FROM; MAIL_FROM defaults to tickler@ PUBLIC_URL's host. */
function readMail(env: Env, publicUrl: string): MailConfig {
  const raw = env.SMTP_URL ?? '';
  if (raw === '') {
    if (env.MAIL_FROM) throw new ConfigError('MAIL_FROM is set but SMTP_URL is not');
    return { smtpUrl: null, from: '', ...readMailSending(env) };
  }
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL like smtps://user:password@mail.example.com:465');
  }
  const from = env.MAIL_FROM || `Tickler <tickler@${new URL(publicUrl).hostname.replace(/^\[|\]$/g, '')}>`;
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  if (!MAIL_ADDRESS.test(address.trim()) || /[\r\n]/.test(from)) {
    throw new ConfigError(`MAIL_FROM must be an address or Name <address>, got "${from}"`);
  }
  return { smtpUrl: raw, from, ...readMailSending(env) };
}

/** How mail goes out: the digest job's interval, mails in flight, and the SMTP connection pool. */
function readMailSending(env: Env): Omit<MailConfig, 'smtpUrl' | 'from'> {
  return {
    digestIntervalMs: readDurationVar(env, 'DIGEST_INTERVAL', '1m', 100, 3_600_000),
    concurrency: readInteger(env, 'EMAIL_CONCURRENCY', 16, 1, 1000),
    maxConnections: readInteger(env, 'SMTP_MAX_CONNECTIONS', 4, 1, 100),
    maxMessages: readInteger(env, 'SMTP_MAX_MESSAGES', 100, 1, 100_000),
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

/** Command-line flags that take the place of their variable (`tickler serve --port 8080 --host 0.0.0.0`). */
export interface ConfigOverrides {
  port?: string;
  host?: string;
}

/** Reads and validates every environment variable the service uses. */
export function loadConfig(env: Env = process.env, overrides: ConfigOverrides = {}): Config {
  const dataDir = path.resolve(readNonEmpty(env, 'DATA_DIR', './data'));
  const port = overrides.port === undefined ? readPort(env.PORT ?? '3000', 'PORT') : readPort(overrides.port, '--port');
  const host = overrides.host === undefined ? readNonEmpty(env, 'HOST', '127.0.0.1') : readNonEmpty({ '--host': overrides.host }, '--host', '');
  const publicUrl = readPublicUrl(env, host, port);
  const production = env.NODE_ENV === 'production';
  const webhooks = readWebhooks(env);
  if (production && webhooks.allowInsecure) {
    throw new ConfigError(
      'WEBHOOK_ALLOW_INSECURE=true is refused with NODE_ENV=production (it lets webhooks reach private addresses over plain http)',
    );
  }
  return {
    port,
    host,
    publicUrl,
    dataDir,
    database: readDatabase(env, dataDir),
    auth: readAuth(env),
    logLevel: readLogLevel(env),
    logFormat: readLogFormat(env),
    production,
    trustProxy: readTrustProxy(env),
    metricsToken: readMetricsToken(env),
    corsOrigins: readCorsOrigins(env),
    rateLimits: readRateLimits(env),
    httpRequestTimeoutMs: readDurationVar(env, 'HTTP_REQUEST_TIMEOUT', '5m', 1000, 3_600_000),
    sqliteBusyTimeoutMs: readDurationVar(env, 'SQLITE_BUSY_TIMEOUT', '10s', 50, 600_000),
    shutdownTimeoutMs: readDurationVar(env, 'SHUTDOWN_TIMEOUT', '10s', 100, 600_000),
    redisUrl: readRedisUrl(env),
    capture: readCapture(env),
    reminders: readReminders(env),
    webhooks,
    push: readPush(env, publicUrl),
    mail: readMail(env, publicUrl),
    retention: readRetention(env),
  };
}
