import { expect } from 'vitest';
import { createLoginCode } from '../../src/auth/create-login-code.js';
import type { Clock } from '../../src/clock.js';
import { systemClock } from '../../src/clock.js';
import type { Db } from '../../src/db/database.js';

/** The OAuth 2 token response of /auth/exchange and /auth/token. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  session_id: string;
}

type Target = { url: string };

/** POST /auth/exchange with `{code}` as a browser would (JSON, a User-Agent). */
export function postExchange(service: Target, code: unknown, userAgent = 'TestBrowser/1.0'): Promise<Response> {
  return fetch(`${service.url}/auth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ code }),
  });
}

/** POST /auth/token with grant_type=refresh_token, as a form (the OAuth 2 way) or as JSON. */
export function postRefresh(
  service: Target,
  refreshToken: string,
  as: 'form' | 'json' = 'form',
  userAgent = 'TestBrowser/1.0',
): Promise<Response> {
  const fields = { grant_type: 'refresh_token', refresh_token: refreshToken };
  return fetch(`${service.url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json', 'user-agent': userAgent },
    body: as === 'form' ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  });
}

/** Asserts a 200 token response in shape, uncacheable, and answers its body. */
export async function expectTokens(response: Response): Promise<TokenResponse> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = JSON.parse(text) as TokenResponse;
  expect(body).toEqual({
    access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    token_type: 'Bearer',
    expires_in: expect.any(Number),
    refresh_token: expect.stringMatching(/^[\w-]{43}$/),
    session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
  return body;
}

/** Signs `userId` in the way the web app does: a fresh login code, exchanged over HTTP. */
export async function signIn(
  service: Target & { database: { db: Db } },
  userId: string,
  options: { clock?: Clock; userAgent?: string } = {},
): Promise<TokenResponse> {
  const code = await createLoginCode({ db: service.database.db, clock: options.clock ?? systemClock, userId });
  return expectTokens(await postExchange(service, code, options.userAgent));
}

/** GET /tasks with the access token: the status says whether the token is accepted. */
export async function statusWith(service: Target, accessToken: string): Promise<number> {
  const response = await fetch(`${service.url}/tasks`, { headers: { authorization: `Bearer ${accessToken}` } });
  await response.arrayBuffer();
  return response.status;
}
