import { ApiError, offline } from './api-error.js';
import { postForm, storeTokens, tokenAnswer, type OidcRefresh } from './auth.js';

/** What this Tickler can do (GET /auth/config `capabilities`). */
export interface Capabilities {
  /** Voice notes are transcribed (the service has an AI provider). */
  voice: boolean;
  /** Reminders can be pushed to devices. */
  push: boolean;
  /** Reminders and the digest can be mailed (the service has SMTP_URL). */
  email?: boolean;
}

/** What GET /auth/config answers. */
export type SignInConfig = { capabilities?: Capabilities } & (
  | { mode: 'local' }
  | { mode: 'oidc'; issuer: string; clientId: string | null; scopes: string; audience: string }
);

/** The part of an issuer's discovery document the app uses. */
interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
}

/** Kept in sessionStorage (this tab only) between leaving for the issuer and coming back to /login. */
interface PendingSignIn {
  state: string;
  verifier: string;
  issuer: string;
  tokenEndpoint: string;
  clientId: string;
  redirectUri: string;
  resource: string | null;
}

const PENDING_KEY = 'tickler.oidc-pending';

let asked: Promise<SignInConfig | null> | null = null;

/** What this Tickler can do, asked once per page; null while it cannot be asked (offline: then try anyway). */
export async function capabilities(): Promise<Capabilities | null> {
  asked ??= signInConfig().then((config) => {
    if (!config) asked = null;
    return config;
  });
  return (await asked)?.capabilities ?? null;
}

/** How the service wants this app to sign in; null when it cannot be asked (offline). */
export async function signInConfig(): Promise<SignInConfig | null> {
  try {
    const response = await fetch('/auth/config', { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as SignInConfig) : null;
  } catch {
    return null;
  }
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** RFC 7636 S256: BASE64URL(SHA-256(verifier)). */
async function challengeOf(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** The audience as an RFC 8707 resource indicator: only an absolute URI without fragment may be one. */
function resourceOf(audience: string): string | null {
  try {
    const url = new URL(audience);
    return url.hash === '' ? audience : null;
  } catch {
    return null;
  }
}

async function discover(issuer: string): Promise<Discovery> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' } });
  } catch {
    throw offline();
  }
  const document = (await response.json().catch(() => null)) as Partial<Discovery> | null;
  if (!response.ok || !document?.authorization_endpoint || !document.token_endpoint) {
    throw new ApiError(`The sign-in service at ${issuer} did not describe itself (${response.status}).`, 502);
  }
  if (document.issuer !== issuer) throw new ApiError(`The sign-in service calls itself ${document.issuer}, not ${issuer}.`, 502);
  return document as Discovery;
}

/**
 * Leaves for the issuer's authorization endpoint (Authorization Code with PKCE, S256), after keeping
 * the state and code verifier in this tab to check and spend on the way back.
 */
export async function startOidcSignIn(config: Extract<SignInConfig, { mode: 'oidc' }>): Promise<void> {
  if (!config.clientId) throw new ApiError('This Tickler has no AUTH_CLIENT_ID: the app cannot sign in here.', 400);
  const discovery = await discover(config.issuer);
  const pending: PendingSignIn = {
    state: randomToken(),
    verifier: randomToken(),
    issuer: config.issuer,
    tokenEndpoint: discovery.token_endpoint,
    clientId: config.clientId,
    redirectUri: `${location.origin}/login`,
    resource: resourceOf(config.audience),
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(discovery.authorization_endpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: pending.clientId,
    redirect_uri: pending.redirectUri,
    scope: config.scopes,
    state: pending.state,
    code_challenge: await challengeOf(pending.verifier),
    code_challenge_method: 'S256',
    // OIDC Core §11: a refresh token (offline_access) is only granted after consent was asked.
    prompt: 'consent',
    // The access token must be for Tickler's API: RFC 8707 issuers take `resource`, others `audience`.
    audience: config.audience,
  };
  if (pending.resource) params.resource = pending.resource;
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  location.assign(url.toString());
}

function takePending(): PendingSignIn | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  try {
    return raw ? (JSON.parse(raw) as PendingSignIn) : null;
  } catch {
    return null;
  }
}

/**
 * The way back from the issuer (`/login?code=…&state=…`, or `?error=…`): checks the state against the
 * one this tab sent, then spends the code with the verifier at the token endpoint. Throws what went wrong.
 */
export async function completeOidcSignIn(query: URLSearchParams): Promise<void> {
  const pending = takePending();
  const state = query.get('state');
  if (!pending || !state || state !== pending.state) {
    throw new ApiError('This sign-in was not started here or was already used. Sign in again.', 400);
  }
  const error = query.get('error');
  if (error) throw new ApiError(`The sign-in service said: ${query.get('error_description') ?? error}`, 400);
  // RFC 9207: when the issuer names itself, it must be the one this tab went to.
  const iss = query.get('iss');
  if (iss !== null && iss !== pending.issuer) throw new ApiError('The answer came from another sign-in service.', 400);
  const code = query.get('code');
  if (!code) throw new ApiError('The sign-in service sent no code. Sign in again.', 400);
  const fields: Record<string, string> = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: pending.redirectUri,
    client_id: pending.clientId,
    code_verifier: pending.verifier,
  };
  if (pending.resource) fields.resource = pending.resource;
  const answer = await tokenAnswer(await postForm(pending.tokenEndpoint, fields));
  const refresh: OidcRefresh = { tokenEndpoint: pending.tokenEndpoint, clientId: pending.clientId, resource: pending.resource };
  await storeTokens(answer, refresh);
}
