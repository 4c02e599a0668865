import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWKS_REFETCH_COOLDOWN_MS } from '../../src/auth/token-verifier.js';
import { expectErrorResponse } from '../support/error-body.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const AUDIENCE = 'tickler-api';

async function startIssuer(): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  return server;
}

function tokenFrom(server: OAuth2Server, claims: Record<string, unknown>, options: { kid?: string; expiresIn?: number } = {}) {
  return server.issuer.buildToken({
    ...options,
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, { aud: AUDIENCE, sub: 'oidc-user' }, claims);
    },
  });
}

describe.each(PROVIDERS)('OIDC mode against a real OpenID Connect server on %s', (provider) => {
  let issuer: OAuth2Server;
  let stranger: OAuth2Server;
  let discovered: TestService;
  let explicitJwks: TestService;

  beforeAll(async () => {
    issuer = await startIssuer();
    stranger = await startIssuer();
    discovered = await startTestService(provider, { env: { AUTH_ISSUER: issuer.issuer.url!, AUTH_AUDIENCE: AUDIENCE } });
    explicitJwks = await startTestService(provider, {
      env: { AUTH_ISSUER: issuer.issuer.url!, AUTH_AUDIENCE: AUDIENCE, AUTH_JWKS_URL: `${issuer.issuer.url}/jwks` },
    });
  });
  afterAll(async () => {
    await discovered?.close();
    await explicitJwks?.close();
    await issuer?.stop();
    await stranger?.stop();
  });

  const call = (service: TestService, token: string) =>
    fetch(`${service.url}/tasks`, { headers: { authorization: `Bearer ${token}` } });

  it('accepts the issuer’s access token, with keys found by discovery or by AUTH_JWKS_URL', async () => {
    const token = await tokenFrom(issuer, {});
    expect((await call(discovered, token)).status).toBe(200);
    expect((await call(explicitJwks, token)).status).toBe(200);
    const user = await discovered.database.db.user.findUnique({ where: { id: 'oidc-user' } });
    expect(user?.timeZone).toBe('UTC');
  });

  it('accepts an issuer’s token carrying its own `sid` without looking for a Tickler session', async () => {
    expect((await call(discovered, await tokenFrom(issuer, { sid: 'idp-session-1' }))).status).toBe(200);
    expect(await discovered.database.db.authSession.count()).toBe(0);
  });

  it('refuses a token from a different issuer, even one claiming the right iss', async () => {
    await expectErrorResponse(await call(discovered, await tokenFrom(stranger, {})), 401);
    await expectErrorResponse(await call(discovered, await tokenFrom(stranger, { iss: issuer.issuer.url })), 401);
  });

  it('refuses a wrong audience, an expired token and a missing sub', async () => {
    await expectErrorResponse(await call(discovered, await tokenFrom(issuer, { aud: 'another-api' })), 401);
    const past = Math.floor(Date.now() / 1000) - 120;
    await expectErrorResponse(await call(discovered, await tokenFrom(issuer, { exp: past, iat: past - 60 })), 401);
    await expectErrorResponse(await call(discovered, await tokenFrom(issuer, { sub: undefined })), 401);
  });

  it('accepts a token expired by less than the 30 s clock tolerance', async () => {
    const justPast = Math.floor(Date.now() / 1000) - 10;
    expect((await call(discovered, await tokenFrom(issuer, { exp: justPast, iat: justPast - 60 }))).status).toBe(200);
  });

  it('refetches the key set when a token names a new kid (key rotation)', { timeout: 20_000 }, async () => {
    expect((await call(discovered, await tokenFrom(issuer, {}))).status).toBe(200);
    const rotated = await issuer.issuer.keys.generate('ES256', { kid: `rotated-${provider}` });
    await new Promise((resolve) => setTimeout(resolve, JWKS_REFETCH_COOLDOWN_MS + 100));
    const token = await tokenFrom(issuer, {}, { kid: rotated.kid });
    expect((await call(discovered, token)).status).toBe(200);
  });

  it('refuses a local-issuer style token in OIDC mode', async () => {
    const token = await discovered.token('someone');
    await expectErrorResponse(await call(discovered, token), 401);
  });
});
