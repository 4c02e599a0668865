import { createECDH } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startTestService } from '../support/test-service.js';

function keyPair() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'), VAPID_PRIVATE_KEY: privateKey.toString('base64url') };
}

describe('push configuration', () => {
  it('takes a mailto: or https: PUSH_CONTACT and refuses anything else at start', () => {
    expect(loadConfig({ PUSH_CONTACT: 'mailto:ops@example.com' }).push.contact).toBe('mailto:ops@example.com');
    expect(loadConfig({ PUSH_CONTACT: 'https://tickler.example.com/contact' }).push.contact).toBe('https://tickler.example.com/contact');
    for (const bad of ['ops@example.com', 'mailto:', 'mailto:nobody', 'http://example.com', 'https://', 'ftp://x']) {
      expect(() => loadConfig({ PUSH_CONTACT: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ PUSH_CONTACT: bad }), bad).toThrow(/PUSH_CONTACT/);
    }
  });

  it('defaults the contact from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tickler.example.com' }).push.contact).toBe('https://tickler.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://tickler.lan:3000' }).push.contact).toBe('mailto:tickler@tickler.lan');
  });

  it('takes VAPID keys only as a matching pair', () => {
    const pair = keyPair();
    expect(loadConfig(pair).push.vapidKeys).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/together/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: keyPair().VAPID_PRIVATE_KEY })).toThrow(/does not belong/);
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY.slice(2) })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it('serves the configured public key and writes no key file then', async () => {
    const pair = keyPair();
    const service = await startTestService('sqlite', { env: pair });
    try {
      const body = (await (await service.request('u', '/push/vapid-public-key')).json()) as { publicKey: string };
      expect(body.publicKey).toBe(pair.VAPID_PUBLIC_KEY);
      expect(existsSync(path.join(service.dataDir, 'keys', 'vapid.json'))).toBe(false);
    } finally {
      await service.close();
    }
  });
});
