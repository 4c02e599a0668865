import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey, type LocalSigningKey } from '../../src/auth/local-signing-key.js';
import { expectErrorResponse } from '../support/error-body.js';
import { signIn } from '../support/sign-in.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { statSync } from 'node:fs';
import path from 'node:path';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(PROVIDERS)('local issuer tokens on %s', (provider) => {
  let service: TestService;
  let key: LocalSigningKey;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    service = await startTestService(provider);
    key = await loadOrCreateLocalSigningKey(service.dataDir);
  });
  afterAll(async () => service?.close());

  const callWith = (authorization: string | undefined) =>
    fetch(`${service.url}/tasks`, { headers: authorization === undefined ? {} : { authorization } });

  async function expectRefused(authorization: string | undefined) {
    const response = await callWith(authorization);
    await expectErrorResponse(response, 401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  }

  const signed = (claims: Record<string, unknown>, signer = key.privateKey, kid = key.kid) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid }).sign(signer);

  it('accepts a token from `issueLocalToken` and serves the caller', async () => {
    const token = await issueLocalToken({ key, userId: 'alice', ttlSeconds: 60 });
    expect((await callWith(`Bearer ${token}`)).status).toBe(200);
    expect((await callWith(`bearer ${token}`)).status).toBe(200);
  });

  it('keeps the private key in DATA_DIR with mode 0600 and publishes only the public half', async () => {
    const file = path.join(service.dataDir, 'keys', 'local-issuer.jwk.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const jwks = await (await fetch(`${service.url}/.well-known/jwks.json`)).json() as any;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: key.kid, alg: 'EdDSA' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('refuses a missing Authorization header', async () => expectRefused(undefined));

  it.each(['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Token abc', 'Bearer not-a-jwt', 'Bearer a.b.c', 'Bearer ä.b.c'])(
    'refuses the malformed header "%s"',
    async (header) => expectRefused(header),
  );

  it('refuses an expired token (beyond the 30 s tolerance)', async () => {
    const token = await issueLocalToken({ key, userId: 'alice', ttlSeconds: 60, now: new Date(Date.now() - 120_000) });
    await expectRefused(`Bearer ${token}`);
  });

  it('refuses a token signed by another key, even with the right kid', async () => {
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const token = await signed({ iss: 'tickler-local', aud: 'tickler', sub: 'alice', exp: now() + 60 }, other.privateKey);
    await expectRefused(`Bearer ${token}`);
  });

  it('refuses a token whose signature was tampered with', async () => {
    const token = await issueLocalToken({ key, userId: 'alice', ttlSeconds: 60 });
    const [header, payload] = token.split('.');
    const forgedPayload = base64url({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'bob' });
    await expectRefused(`Bearer ${header}.${forgedPayload}.${token.split('.')[2]}`);
  });

  it('refuses a wrong audience and a wrong issuer', async () => {
    await expectRefused(`Bearer ${await signed({ iss: 'tickler-local', aud: 'someone-else', sub: 'a', exp: now() + 60 })}`);
    await expectRefused(`Bearer ${await signed({ iss: 'https://evil.example', aud: 'tickler', sub: 'a', exp: now() + 60 })}`);
  });

  it('refuses tokens without sub or without exp', async () => {
    await expectRefused(`Bearer ${await signed({ iss: 'tickler-local', aud: 'tickler', exp: now() + 60 })}`);
    await expectRefused(`Bearer ${await signed({ iss: 'tickler-local', aud: 'tickler', sub: 'a' })}`);
  });

  it('refuses alg "none"', async () => {
    const claims = { iss: 'tickler-local', aud: 'tickler', sub: 'alice', exp: now() + 60 };
    await expectRefused(`Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`);
    await expectRefused(`Bearer ${base64url({ alg: 'none', kid: key.kid })}.${base64url(claims)}`);
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(key.publicJwk));
    const token = await new SignJWT({ iss: 'tickler-local', aud: 'tickler', sub: 'alice', exp: now() + 60 })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .sign(secret);
    await expectRefused(`Bearer ${token}`);
  });

  describe('session tokens (with a `sid`)', () => {
    const sessionClaims = (sid: unknown, sub = 'sid-owner') => ({ iss: 'tickler-local', aud: 'tickler', sub, sid, exp: now() + 60 });

    it('accepts one whose session is active', async () => {
      const tokens = await signIn(service, 'sid-owner');
      expect((await callWith(`Bearer ${await signed(sessionClaims(tokens.session_id))}`)).status).toBe(200);
    });

    it('refuses one naming an unknown session', async () => {
      await expectRefused(`Bearer ${await signed(sessionClaims('00000000-0000-4000-8000-000000000000'))}`);
    });

    it("refuses one naming another user's session", async () => {
      const theirs = await signIn(service, 'sid-other');
      await expectRefused(`Bearer ${await signed(sessionClaims(theirs.session_id, 'sid-owner'))}`);
    });

    it.each([[42], [''], [null], [{ id: 'x' }], ['s'.repeat(256)]])('refuses an unusable sid %j', async (sid) => {
      await expectRefused(`Bearer ${await signed(sessionClaims(sid))}`);
    });

    it('refuses an expired one of an active session', async () => {
      const tokens = await signIn(service, 'sid-owner');
      const past = now() - 120;
      await expectRefused(`Bearer ${await signed({ ...sessionClaims(tokens.session_id), iat: past - 60, exp: past })}`);
    });

    it('refuses one of an active session signed by another key', async () => {
      const tokens = await signIn(service, 'sid-owner');
      const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      await expectRefused(`Bearer ${await signed(sessionClaims(tokens.session_id), other.privateKey)}`);
    });
  });

  it('guards every documented operation', async () => {
    for (const [method, pathname] of [['GET', '/tasks'], ['POST', '/tasks'], ['DELETE', '/tasks/1']] as const) {
      const response = await fetch(`${service.url}${pathname}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{"title":"x"}' : undefined,
      });
      await expectErrorResponse(response, 401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    expect(await service.database.db.task.count({ where: { title: 'x' } })).toBe(0);
  });
});
