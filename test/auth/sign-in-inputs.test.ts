import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginCode } from '../../src/auth/create-login-code.js';
import { systemClock } from '../../src/clock.js';
import { expectErrorResponse } from '../support/error-body.js';
import { expectTokens, postExchange, postRefresh, signIn, statusWith, type TokenResponse } from '../support/sign-in.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

type Body = { type?: string; body?: string | FormData };

const huge = 'x'.repeat(100 * 1024);

describe.each(PROVIDERS)('bad sign-in requests on %s', (provider) => {
  let service: TestService;
  let code: string;
  let tokens: TokenResponse;

  beforeAll(async () => {
    service = await startTestService(provider);
    code = await createLoginCode({ db: service.database.db, clock: systemClock, userId: 'target' });
    tokens = await signIn(service, 'target');
  }, 60_000);
  afterAll(async () => service?.close());

  /** Every stored sign-in row, to prove a refused request changed nothing. */
  const snapshot = async () => {
    const db = service.database.db;
    return JSON.stringify([
      await db.loginCode.findMany({ orderBy: { codeHash: 'asc' } }),
      await db.authSession.findMany({ orderBy: { id: 'asc' } }),
      await db.spentRefreshToken.findMany({ orderBy: { tokenHash: 'asc' } }),
    ]);
  };

  const post = (pathname: string, { type, body }: Body) =>
    fetch(`${service.url}${pathname}`, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });

  const json = (value: unknown): Body => ({ type: 'application/json', body: JSON.stringify(value) });
  const form = (text: string): Body => ({ type: 'application/x-www-form-urlencoded', body: text });

  const exchangeCases: Array<[string, Body, number]> = [
    ['no body', {}, 415],
    ['an empty JSON body', { type: 'application/json', body: '' }, 400],
    ['malformed JSON', { type: 'application/json', body: '{"code":' }, 400],
    ['a JSON array', json(['A'.repeat(43)]), 400],
    ['no code', json({}), 400],
    ['a numeric code', json({ code: 12 }), 400],
    ['a null code', json({ code: null }), 400],
    ['an empty code', json({ code: '' }), 400],
    ['an unknown code', json({ code: 'A'.repeat(43) }), 400],
    ['an over-long code', json({ code: 'A'.repeat(600) }), 400],
    ['the code as a form', form(`code=${'A'.repeat(43)}`), 415],
    ['the code as text', { type: 'text/plain', body: 'A'.repeat(43) }, 415],
    ['a multipart body', { body: (() => { const f = new FormData(); f.append('code', 'x'); return f; })() }, 415],
    ['a 100 KiB body', json({ code: huge }), 413],
  ];

  it.each(exchangeCases)('POST /auth/exchange with %s (body %j) answers %i and changes nothing', async (_name, body, status) => {
    const before = await snapshot();
    await expectErrorResponse(await post('/auth/exchange', body), status);
    expect(await snapshot()).toBe(before);
  });

  const tokenCases: Array<[string, Body, number]> = [
    ['no body', {}, 415],
    ['an empty form', form(''), 400],
    ['no grant_type', form('refresh_token=abc'), 400],
    ['grant_type password', form('grant_type=password&username=a&password=b'), 400],
    ['grant_type authorization_code', form('grant_type=authorization_code&code=abc'), 400],
    ['no refresh_token', form('grant_type=refresh_token'), 400],
    ['an empty refresh_token', form('grant_type=refresh_token&refresh_token='), 400],
    ['a garbage refresh_token', form('grant_type=refresh_token&refresh_token=%00%FF%FE'), 400],
    ['an unknown refresh_token', form(`grant_type=refresh_token&refresh_token=${'B'.repeat(43)}`), 400],
    ['a repeated refresh_token', form('grant_type=refresh_token&refresh_token=a&refresh_token=b'), 400],
    ['a numeric refresh_token in JSON', json({ grant_type: 'refresh_token', refresh_token: 5 }), 400],
    ['malformed JSON', { type: 'application/json', body: '{' }, 400],
    ['the fields as text', { type: 'text/plain', body: 'grant_type=refresh_token' }, 415],
    ['a 100 KiB form', form(`grant_type=refresh_token&refresh_token=${huge}`), 413],
  ];

  it.each(tokenCases)('POST /auth/token with %s (body %j) answers %i and changes nothing', async (_name, body, status) => {
    const before = await snapshot();
    await expectErrorResponse(await post('/auth/token', body), status);
    expect(await snapshot()).toBe(before);
  });

  it('answers an access token presented as a refresh token with 400, and nothing is revoked', async () => {
    const before = await snapshot();
    await expectErrorResponse(await postRefresh(service, tokens.access_token), 400);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a garbage bearer token', 'Bearer garbage.garbage.garbage'],
    ['the refresh token as bearer', 'REFRESH'],
  ])('POST /auth/logout with %s answers 401 and changes nothing', async (_name, header) => {
    const before = await snapshot();
    const authorization = header === 'REFRESH' ? `Bearer ${tokens.refresh_token}` : header;
    const response = await fetch(`${service.url}/auth/logout`, { method: 'POST', headers: authorization ? { authorization } : {} });
    await expectErrorResponse(response, 401);
    expect(await snapshot()).toBe(before);
  });

  it('after all that, the code and the session still work', async () => {
    await expectTokens(await postExchange(service, code));
    expect(await statusWith(service, tokens.access_token)).toBe(200);
    await expectTokens(await postRefresh(service, tokens.refresh_token));
  });

  it('other routes still refuse forms (415): only the token endpoint parses them', async () => {
    const response = await fetch(`${service.url}/tasks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await service.token('target')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=x',
    });
    await expectErrorResponse(response, 415);
  });

  it('GET /auth/config is public and says local mode, and that voice needs an AI provider this service lacks', async () => {
    const response = await fetch(`${service.url}/auth/config`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ mode: 'local', capabilities: { voice: false, push: false, email: false } });
  });
});

describe('sign-in endpoints in OIDC mode', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService('sqlite', {
      // The issuer is never contacted by these endpoints.
      env: { AUTH_ISSUER: 'https://id.example.com/realms/tickler', AUTH_AUDIENCE: 'tickler-api', AUTH_CLIENT_ID: 'tickler-web' },
    });
  }, 60_000);
  afterAll(async () => service?.close());

  it('GET /auth/config tells the app to sign in at the issuer with PKCE', async () => {
    const response = await fetch(`${service.url}/auth/config`);
    expect(await response.json()).toEqual({
      mode: 'oidc',
      issuer: 'https://id.example.com/realms/tickler',
      clientId: 'tickler-web',
      scopes: 'openid profile offline_access',
      audience: 'tickler-api',
      capabilities: { voice: false, push: false, email: false },
    });
  });

  it('refuses link codes and refresh tokens with 400: there are no local sessions', async () => {
    await expectErrorResponse(await postExchange(service, 'A'.repeat(43)), 400);
    await expectErrorResponse(await postRefresh(service, 'B'.repeat(43)), 400);
    expect(await service.database.db.authSession.count()).toBe(0);
  });
});

describe('GET /auth/config with an AI provider and a push contact', () => {
  let service: TestService;

  beforeAll(async () => {
    // Neither is contacted at start or by this endpoint.
    service = await startTestService('sqlite', {
      env: { OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', PUSH_CONTACT: 'mailto:ops@example.com' },
    });
  }, 60_000);
  afterAll(async () => service?.close());

  it('says voice notes and pushed reminders work here, so the app offers them', async () => {
    const response = await fetch(`${service.url}/auth/config`);
    expect(await response.json()).toEqual({ mode: 'local', capabilities: { voice: true, push: true, email: false } });
  });
});
