import { createECDH, randomBytes } from 'node:crypto';
// @ts-expect-error http_ece ships no types
import ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import { encryptPushMessage } from '../../src/push/encrypt-push-message.js';

/** A browser's subscription keys, as PushManager makes them. */
function browser() {
  const ecdh = createECDH('prime256v1');
  const auth = randomBytes(16);
  return { ecdh, p256dh: ecdh.generateKeys().toString('base64url'), auth };
}

describe('a push message encrypted with aes128gcm (RFC 8291), decrypted the way a browser does (http_ece)', () => {
  it('reads back as sent, for small, non-ASCII and the largest messages, each under its own key and salt', () => {
    const subscriber = browser();
    const bodies = new Set<string>();
    for (const payload of ['{}', JSON.stringify({ title: 'Zahnarzt 🦷 “morgen”' }), JSON.stringify({ title: 'x'.repeat(3060) })]) {
      const body = encryptPushMessage(subscriber.p256dh, subscriber.auth.toString('base64url'), payload);
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: subscriber.auth.toString('base64url') }) as Buffer;
      expect(plain.toString('utf8')).toBe(payload);
      // Header: 16-byte salt, record size 4096, the 65-byte key of this message.
      expect(body.readUInt32BE(16)).toBe(4096);
      expect(body[20]).toBe(65);
      bodies.add(body.subarray(0, 86).toString('hex'));
    }
    expect(bodies.size).toBe(3);
  });

  it('refuses keys that are not a subscription\'s and a message larger than one record', () => {
    const { p256dh, auth } = browser();
    expect(() => encryptPushMessage(p256dh.slice(0, 40), auth.toString('base64url'), '{}')).toThrow(/p256dh/);
    expect(() => encryptPushMessage(p256dh, randomBytes(8).toString('base64url'), '{}')).toThrow(/auth/);
    expect(() => encryptPushMessage(p256dh, auth.toString('base64url'), 'x'.repeat(4080))).toThrow(/at most/);
  });
});
