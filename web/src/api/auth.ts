import { ApiError, offline } from './api-error.js';
import {
  loadSharedSession,
  MARGIN_MS,
  REFRESH_LOCK,
  saveSharedSession,
  type OidcRefresh,
  type SharedSession,
} from './shared-session.js';

export type { OidcRefresh } from './shared-session.js';

/** An OAuth 2 token answer (RFC 6749 §5.1), with Tickler's session id in local mode. */
export interface TokenAnswer {
  access_token: string;
  expires_in?: number;
  /** An issuer may keep the refresh token it gave before (no rotation): then this is absent. */
  refresh_token?: string;
  session_id?: string;
}

/**
 * The session tokens. IndexedDB (web/src/shared-session.ts) holds the copy every tab and the service
 * worker share, read and written under the refresh lock; localStorage holds this tab's copy for
 * synchronous reads (signed in? a still-valid access token) and tells other tabs of changes (`storage`).
 */
type StoredSession = SharedSession;

const KEY = 'tickler.session';
/** Set when the service ended this browser's session (not when the person signed out here). */
const ENDED_KEY = 'tickler.session-ended';
/** A session unused this long ran out (SESSION_IDLE_TTL, 30 days); a refusal sooner was a sign-out elsewhere. */
const IDLE_MS = 29 * 86_400_000;

/** Why this browser is signed out, when the service ended the session; null when the person signed out here. */
export function sessionEndedNotice(): string | null {
  try {
    const raw = localStorage.getItem(ENDED_KEY);
    if (!raw) return null;
    const ended = JSON.parse(raw) as { lastUsed: number; oidc: boolean; deleted?: boolean };
    if (ended.deleted) return 'Your account and everything in it were deleted.';
    if (ended.oidc) return 'Your sign-in ended at your identity provider. Sign in again.';
    if (Date.now() - ended.lastUsed > IDLE_MS) return 'You were signed out after a long time away. Sign in again.';
    return 'You were signed out on another device.';
  } catch {
    return null;
  }
}

function markEnded(session: StoredSession | null): void {
  if (!session) return;
  localStorage.setItem(ENDED_KEY, JSON.stringify({ lastUsed: session.updatedAt, oidc: Boolean(session.oidc) }));
}

const listeners = new Set<() => void>();

function read(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

/** This tab's copy only. */
function writeHere(session: StoredSession | null): void {
  if (session) localStorage.setItem(KEY, JSON.stringify(session));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

/** Both copies: the shared one first and committed, so whoever takes the lock next sees it. */
async function persist(session: StoredSession | null): Promise<void> {
  await saveSharedSession(session).catch(() => undefined);
  writeHere(session);
}

/** Without expires_in the token is used until the API refuses it (then refreshed once). */
const UNKNOWN_LIFETIME_S = 3600;

/** A token answer as this browser's session; `previous` supplies what a refresh answer may leave out. */
function sessionFrom(answer: TokenAnswer, oidc?: OidcRefresh, previous?: StoredSession): StoredSession {
  const refreshToken = answer.refresh_token ?? previous?.refreshToken;
  if (!answer.access_token || !refreshToken) throw new ApiError('The sign-in gave no refresh token.', 400);
  const lifetime = answer.expires_in ?? UNKNOWN_LIFETIME_S;
  const now = Date.now();
  return {
    accessToken: answer.access_token,
    accessUntil: now + Math.max(lifetime * 1000 - MARGIN_MS, lifetime * 500),
    refreshToken,
    sessionId: answer.session_id ?? null,
    updatedAt: now,
    ...(oidc ? { oidc } : {}),
  };
}

/** Keeps a sign-in's token answer as this browser's session (for every tab and the worker). */
export async function storeTokens(answer: TokenAnswer, oidc?: OidcRefresh): Promise<void> {
  const session = sessionFrom(answer, oidc);
  localStorage.removeItem(ENDED_KEY);
  await exclusively(() => persist(session));
}

/**
 * The newest copy of the session, made this tab's and the worker's. Run under the lock: this tab's
 * localStorage may still be older than what another tab or the worker wrote (its refresh token spent),
 * and the shared copy may be older than this tab's (written by an earlier version, or tampered in a
 * test); a tie keeps this tab's. A signed-out tab stays signed out.
 */
async function reconcile(): Promise<StoredSession | null> {
  const here = read();
  if (!here) return null;
  const shared = await loadSharedSession().catch(() => null);
  if (shared && shared.updatedAt > here.updatedAt) {
    writeHere(shared);
    return shared;
  }
  await saveSharedSession(here).catch(() => undefined);
  return here;
}

/** At start: shares this browser's session with the service worker (or takes its newer one). */
export async function shareSessionWithWorker(): Promise<void> {
  await exclusively(reconcile);
}

/** Told when this browser signs in or out (in this tab or another). */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function isSignedIn(): boolean {
  return read() !== null;
}

export function currentSessionId(): string | null {
  return read()?.sessionId ?? null;
}

async function postJson(path: string, body: unknown): Promise<Response> {
  try {
    return await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw offline();
  }
}

/** A token endpoint's answer; Tickler's errors carry `message`, an OAuth issuer's `error_description`. */
export async function tokenAnswer(response: Response): Promise<TokenAnswer> {
  const body = (await response.json().catch(() => null)) as
    | (TokenAnswer & { message?: string; error?: string; error_description?: string })
    | null;
  if (!response.ok || !body?.access_token) {
    const reason = body?.message ?? body?.error_description ?? body?.error;
    throw new ApiError(reason ?? `Sign-in failed (${response.status})`, response.status);
  }
  return body;
}

/** POSTs an OAuth form (`application/x-www-form-urlencoded`) to an issuer's endpoint. */
export async function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
    });
  } catch {
    throw offline();
  }
}

/** The refresh grant: at the OIDC issuer for its tokens, at Tickler's /auth/token for a local session. */
function refreshAt(session: StoredSession): Promise<Response> {
  if (!session.oidc) return postJson('/auth/token', { grant_type: 'refresh_token', refresh_token: session.refreshToken });
  const fields: Record<string, string> = {
    grant_type: 'refresh_token',
    refresh_token: session.refreshToken,
    client_id: session.oidc.clientId,
  };
  if (session.oidc.resource) fields.resource = session.oidc.resource;
  return postForm(session.oidc.tokenEndpoint, fields);
}

/** Spends the code of a sign-in link (`/login#code=…`) for a session. */
export async function exchangeCode(code: string): Promise<void> {
  await storeTokens(await tokenAnswer(await postJson('/auth/exchange', { code })));
}

/** Holds the refresh across tabs: two refreshes with one token would count as reuse and end the session. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(REFRESH_LOCK, work) as Promise<T>;
  return work();
}

/**
 * A valid access token: the stored one, or a fresh one from the refresh token. One refresh at a time
 * across tabs and the worker: under the lock the newest copy is read again, and when another refreshed
 * meanwhile its pair is taken instead of spending the same refresh token twice. Null when signed out;
 * a refused refresh signs this browser out; no network throws and keeps the session.
 */
export async function accessToken(forceRefresh = false): Promise<string | null> {
  const seen = read();
  if (!seen) return null;
  if (!forceRefresh && seen.accessUntil > Date.now()) return seen.accessToken;
  return exclusively(async () => {
    const now = await reconcile();
    if (!now) return null;
    if (now.refreshToken !== seen.refreshToken && now.accessUntil > Date.now()) return now.accessToken;
    const response = await refreshAt(now);
    // 400 invalid_grant (OAuth 2); an issuer may also answer 401 for a client it no longer knows.
    if (response.status === 400 || (now.oidc && response.status === 401)) {
      markEnded(now);
      await persist(null);
      return null;
    }
    const next = sessionFrom(await tokenAnswer(response), now.oidc, now);
    await persist(next);
    return next.accessToken;
  });
}

/** Ends this browser's session at the service (when reachable) and forgets it here. */
export async function signOut(): Promise<void> {
  const session = read();
  const token = await accessToken().catch(() => null);
  // An OIDC issuer's tokens are the issuer's: there is no Tickler session to end.
  if (token && !session?.oidc) {
    await fetch('/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
  }
  localStorage.removeItem(ENDED_KEY);
  await persist(null);
}

/** Forgets the session in this browser: the service refused it (ended elsewhere, or the account is gone). */
export async function forgetSession(): Promise<void> {
  markEnded(read());
  await persist(null);
}

/** Forgets the session after the account was deleted from here (the sign-in screen says so). */
export async function forgetDeletedAccount(): Promise<void> {
  localStorage.setItem(ENDED_KEY, JSON.stringify({ lastUsed: Date.now(), oidc: false, deleted: true }));
  await persist(null);
}
