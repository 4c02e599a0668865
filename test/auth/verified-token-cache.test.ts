import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { createTokenVerifier } from '../../src/auth/token-verifier.js';
import { VerifiedTokenCache } from '../../src/auth/verified-token-cache.js';
import { loadConfig } from '../../src/config.js';

describe('verified-token cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('forgets a token once its validity window has passed', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t', { userId: 'a' }, 100, 200);
    expect(cache.get('t', 150)).toEqual({ userId: 'a' });
    expect(cache.get('t', 99)).toBeUndefined();
    cache.set('t', { userId: 'a' }, 100, 200);
    expect(cache.get('t', 201)).toBeUndefined();
    expect(cache.get('t', 150)).toBeUndefined();
  });

  it('stays within its capacity, dropping the oldest first', () => {
    const cache = new VerifiedTokenCache(2);
    cache.set('a', { userId: 'a' }, 0, 100);
    cache.set('b', { userId: 'b' }, 0, 100);
    cache.set('c', { userId: 'c' }, 0, 100);
    expect(cache.get('a', 50)).toBeUndefined();
    expect(cache.get('b', 50)).toEqual({ userId: 'b' });
    expect(cache.get('c', 50)).toEqual({ userId: 'c' });
  });

  it('a verified, cached token is still refused after it expires', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-cache-'));
    try {
      const key = await loadOrCreateLocalSigningKey(dataDir);
      const verifier = createTokenVerifier({ auth: loadConfig({ DATA_DIR: dataDir }).auth, localKey: key });
      const token = await issueLocalToken({ key, userId: 'alice', ttlSeconds: 60 });
      expect(await verifier.verify(token)).toEqual({ userId: 'alice' });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 60_000 + 29_000);
      expect(await verifier.verify(token)).toEqual({ userId: 'alice' });
      vi.setSystemTime(Date.now() + 2_000);
      await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
