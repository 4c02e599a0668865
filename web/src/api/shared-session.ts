// The session tokens in IndexedDB, the one store every tab and the service worker share (a worker has
// no localStorage), and the copy a refresh reads and writes under the refresh lock. localStorage is not
// enough for that: a tab granted the lock can still read the value another tab's renderer wrote before
// it released the lock (Chromium keeps a per-process copy and syncs it asynchronously), whereas an
// IndexedDB transaction that completed before the release is seen by every transaction started after.

/** The tokens of one signed-in browser. `updatedAt` (epoch ms) says which copy is newer. */
export interface SharedSession {
  accessToken: string;
  /** Epoch ms after which the access token is not used any more. */
  accessUntil: number;
  refreshToken: string;
  /** Tickler's session (local issuer mode); null for an OIDC issuer's tokens. */
  sessionId: string | null;
  updatedAt: number;
  /** OIDC mode: where and as whom the refresh token is spent (the issuer's token endpoint, web/src/oidc.ts). */
  oidc?: OidcRefresh;
}

/** What refreshing at an OIDC issuer needs (public client: no secret). */
export interface OidcRefresh {
  tokenEndpoint: string;
  clientId: string;
  /** The `resource` indicator to ask for again (RFC 8707), when the audience is a URI. */
  resource: string | null;
}

/** What POST /auth/exchange and /auth/token answer. */
export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  session_id: string;
}

/** Refresh this long before the access token expires. */
export const MARGIN_MS = 60_000;
/** The Web Lock held while refreshing, by tabs and the worker alike: one refresh per token. */
export const REFRESH_LOCK = 'tickler-refresh';

const DATABASE = 'tickler-session';
const STORE = 'session';
const KEY = 'current';

export function sessionOf(answer: TokenAnswer, now = Date.now()): SharedSession {
  return {
    accessToken: answer.access_token,
    accessUntil: now + answer.expires_in * 1000 - MARGIN_MS,
    refreshToken: answer.refresh_token,
    sessionId: answer.session_id,
    updatedAt: now,
  };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Settles when the transaction has committed (not merely when its request succeeded). */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
  });
}

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  if (!opened) {
    const req = indexedDB.open(DATABASE, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    opened = request(req).catch((error: unknown) => {
      opened = null;
      throw error;
    });
  }
  return opened;
}

export async function loadSharedSession(): Promise<SharedSession | null> {
  if (typeof indexedDB === 'undefined') return null;
  const db = await open();
  return ((await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY))) as SharedSession | undefined) ?? null;
}

/** Stores the session (null: signed out); settles once committed, so whoever takes the lock next sees it. */
export async function saveSharedSession(session: SharedSession | null): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const db = await open();
  const tx = db.transaction(STORE, 'readwrite');
  if (session) tx.objectStore(STORE).put(session, KEY);
  else tx.objectStore(STORE).delete(KEY);
  await committed(tx);
}

