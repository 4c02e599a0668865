import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { createTokenVerifier } from '../../src/auth/token-verifier.js';
import { VerifiedTokenCache } from '../../src/auth/verified-token-cache.js';
import { loadConfig } from '../../src/config.js';

const verified = (userId: string) => ({ userId, expiresAt: new Date(200_000) });

describe('verified-token cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('forgets a token once its validity window has passed', () => {
    const cache = new VerifiedTokenCache<ReturnType<typeof verified>>();
    cache.set('t', verified('a'), 100, 200);
    expect(cache.get('t', 150)).toEqual(verified('a'));
    expect(cache.get('t', 199)).toEqual(verified('a'));
    expect(cache.get('t', 99)).toBeUndefined();
    cache.set('t', verified('a'), 100, 200);
    expect(cache.get('t', 200)).toBeUndefined();
    expect(cache.get('t', 150)).toBeUndefined();
  });

  it('stays within its capacity, dropping the oldest first', () => {
    const cache = new VerifiedTokenCache<ReturnType<typeof verified>>(2);
    cache.set('a', verified('a'), 0, 100);
    cache.set('b', verified('b'), 0, 100);
    cache.set('c', verified('c'), 0, 100);
    expect(cache.get('a', 50)).toBeUndefined();
    expect(cache.get('b', 50)).toEqual(verified('b'));
    expect(cache.get('c', 50)).toEqual(verified('c'));
  });

  it('a verified, cached token is still refused after it expires', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-cache-'));
    try {
      const key = await loadOrCreateLocalSigningKey(dataDir);
      const verifier = createTokenVerifier({ auth: loadConfig({ DATA_DIR: dataDir }).auth, localKey: key });
      const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
      const token = await issueLocalToken({ key, userId: 'alice', ttlSeconds: 60, now: issuedAt });
      // Refused from exp + the 30 s clock tolerance on: that is the instant a WebSocket is closed at.
      const expected = { userId: 'alice', expiresAt: new Date(issuedAt.getTime() + 90_000), issuedAt: issuedAt.getTime() / 1000 };
      expect(await verifier.verify(token)).toEqual(expected);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(issuedAt.getTime() + 89_000);
      expect(await verifier.verify(token)).toEqual(expected);
      vi.setSystemTime(issuedAt.getTime() + 90_000);
      await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
