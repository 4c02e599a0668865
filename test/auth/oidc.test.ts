import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWKS_REFETCH_COOLDOWN_MS } from '../../src/auth/token-verifier.js';
import { expectErrorResponse } from '../support/error-body.js';
import { startTestIssuer, TEST_MACHINE_CLIENT_ID, type TestIssuer } from '../support/oidc-issuer.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../webhooks/support/receiver.js';

const AUDIENCE = 'https://tickler.test/api';
const OTHER_API = 'https://other.test/api';

describe.each(PROVIDERS)('OIDC mode against a real OpenID Connect server (oidc-provider) on %s', (provider) => {
  let issuer: TestIssuer;
  let stranger: TestIssuer;
  let impostor: TestIssuer;
  let discovered: TestService;
  let explicitJwks: TestService;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    await issuer.serve({ audience: [AUDIENCE, OTHER_API] });
    stranger = await startTestIssuer();
    await stranger.serve({ audience: AUDIENCE });
    // A second real issuer that names itself by the first one's URL, with keys of its own.
    impostor = await startTestIssuer();
    await impostor.serve({ audience: AUDIENCE, issuer: issuer.url });
    discovered = await startTestService(provider, { env: { AUTH_ISSUER: issuer.url, AUTH_AUDIENCE: AUDIENCE } });
    explicitJwks = await startTestService(provider, {
      env: { AUTH_ISSUER: issuer.url, AUTH_AUDIENCE: AUDIENCE, AUTH_JWKS_URL: `${issuer.url}/jwks` },
    });
  });
  afterAll(async () => {
    await discovered?.close();
    await explicitJwks?.close();
    await issuer?.close();
    await stranger?.close();
    await impostor?.close();
  });

  const call = (service: TestService, token: string) =>
    fetch(`${service.url}/tasks`, { headers: { authorization: `Bearer ${token}` } });

  it('accepts an access token from the issuer’s token endpoint, with keys found by discovery or by AUTH_JWKS_URL', async () => {
    const token = await issuer.issueAccessToken();
    expect(issuer.grants).toContain('client_credentials');
    expect(decodeJwt(token)).toMatchObject({ iss: issuer.url, aud: AUDIENCE, sub: TEST_MACHINE_CLIENT_ID });
    expect((await call(discovered, token)).status).toBe(200);
    expect((await call(explicitJwks, token)).status).toBe(200);
    // Both services read the issuer's published keys: nothing else could verify its signature.
    expect(issuer.jwksFetches()).toBeGreaterThanOrEqual(2);
    const user = await discovered.database.db.user.findUnique({ where: { id: TEST_MACHINE_CLIENT_ID } });
    expect(user?.timeZone).toBe('UTC');
  });

  it('starts a new user with the token’s `name` claim (else `preferred_username`) as display name, which PATCH /me then owns', async () => {
    const me = async (token: string) => (await (await fetch(`${discovered.url}/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as any;
    expect(await me(await issuer.issueAccessToken({ claims: { sub: 'oidc-named', name: '  Sam Example ' } }))).toMatchObject({ id: 'oidc-named', displayName: 'Sam Example' });
    expect(await me(await issuer.issueAccessToken({ claims: { sub: 'oidc-handle', preferred_username: 'sammy' } }))).toMatchObject({ displayName: 'sammy' });
    expect(await me(await issuer.issueAccessToken({ claims: { sub: 'oidc-blank', name: '   ' } }))).toMatchObject({ displayName: 'oidc-blank' });
    const token = await issuer.issueAccessToken({ claims: { sub: 'oidc-named', name: 'Sam Example' } });
    await fetch(`${discovered.url}/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Sam' }),
    });
    expect(await me(await issuer.issueAccessToken({ claims: { sub: 'oidc-named', name: 'Samuel' } }))).toMatchObject({ displayName: 'Sam' });
  });

  it('accepts an issuer’s token carrying its own `sid` without looking for a Tickler session', async () => {
    const token = await issuer.issueAccessToken({ claims: { sid: 'idp-session-1' } });
    expect(decodeJwt(token).sid).toBe('idp-session-1');
    expect((await call(discovered, token)).status).toBe(200);
    expect(await discovered.database.db.authSession.count()).toBe(0);
  });

  it('refuses a token from a different issuer, even one naming the configured issuer as its iss', async () => {
    await expectErrorResponse(await call(discovered, await stranger.issueAccessToken()), 401);
    const impostors = await impostor.issueAccessToken();
    expect(decodeJwt(impostors).iss).toBe(issuer.url);
    await expectErrorResponse(await call(discovered, impostors), 401);
    await expectErrorResponse(await call(explicitJwks, impostors), 401);
  });

  it('refuses a token the issuer minted for another API', async () => {
    const token = await issuer.issueAccessToken({ resource: OTHER_API });
    expect(decodeJwt(token).aud).toBe(OTHER_API);
    await expectErrorResponse(await call(discovered, token), 401);
  });

  // Claims no sound issuer configuration mints, set through oidc-provider's JWT access token customizer:
  // the token still comes from the issuer's token endpoint, signed with its published key.
  it('refuses an issuer-signed token that expired beyond the 30 s clock tolerance, or has no sub', async () => {
    const past = Math.floor(Date.now() / 1000) - 120;
    await expectErrorResponse(await call(discovered, await issuer.issueAccessToken({ claims: { exp: past, iat: past - 60 } })), 401);
    const noSubject = await issuer.issueAccessToken({ claims: { sub: undefined } });
    expect(decodeJwt(noSubject)).not.toHaveProperty('sub');
    await expectErrorResponse(await call(discovered, noSubject), 401);
  });

  it('accepts an issuer-signed token expired by less than the 30 s clock tolerance', async () => {
    const justPast = Math.floor(Date.now() / 1000) - 10;
    expect((await call(discovered, await issuer.issueAccessToken({ claims: { exp: justPast, iat: justPast - 60 } }))).status).toBe(200);
  });

  it('refetches the key set when a token names a new kid (key rotation), once the refetch cooldown allows', { timeout: 30_000 }, async () => {
    expect((await call(discovered, await issuer.issueAccessToken())).status).toBe(200);
    const fetchesBefore = issuer.jwksFetches();
    const kid = await issuer.rotateKeys();
    const rotated = await issuer.issueAccessToken();
    expect(decodeProtectedHeader(rotated).kid).toBe(kid);
    await waitUntil(async () => (await call(discovered, rotated)).status === 200, 'the rotated key to be accepted', JWKS_REFETCH_COOLDOWN_MS + 15_000);
    // One refetch for the new kid, however many times it was asked for during the cooldown.
    expect(issuer.jwksFetches()).toBe(fetchesBefore + 1);
  });

  it('refuses a local-issuer style token in OIDC mode', async () => {
    const token = await discovered.token('someone');
    await expectErrorResponse(await call(discovered, token), 401);
  });
});
