import { createECDH, createPublicKey, verify } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { vapidAuthorization } from '../../src/push/vapid-tokens.js';

function keyPair() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** The token's claims, after checking its ES256 signature with the public key the header names. */
function verifiedClaims(authorization: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match?.[2]).toBe(publicKey);
  const [header, payload, signature] = match![1]!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

describe('VAPID tokens', () => {
  const keys = keyPair();
  const contact = 'mailto:ops@tickler.example';
  const now = Date.UTC(2026, 10, 28, 12);

  it('are signed for the push service origin, valid 12 hours, and reused for every message to it', () => {
    const first = vapidAuthorization(webpush, 'https://push.example.net/send/abc', keys, contact, now);
    expect(verifiedClaims(first, keys.publicKey)).toEqual({ aud: 'https://push.example.net', exp: now / 1000 + 12 * 3600, sub: contact });
    expect(vapidAuthorization(webpush, 'https://push.example.net/send/other', keys, contact, now + 60_000)).toBe(first);
    const elsewhere = vapidAuthorization(webpush, 'https://updates.example.org:8443/wpush/v2/x', keys, contact, now);
    expect(verifiedClaims(elsewhere, keys.publicKey).aud).toBe('https://updates.example.org:8443');
  });

  it('are signed anew once less than an hour is left, and per key pair and contact', () => {
    const endpoint = 'https://renew.example.net/send/abc';
    const first = vapidAuthorization(webpush, endpoint, keys, contact, now);
    expect(vapidAuthorization(webpush, endpoint, keys, contact, now + 10.9 * 3600_000)).toBe(first);
    const renewed = vapidAuthorization(webpush, endpoint, keys, contact, now + 11.1 * 3600_000);
    expect(renewed).not.toBe(first);
    expect(verifiedClaims(renewed, keys.publicKey).exp).toBe(Math.floor((now + 11.1 * 3600_000) / 1000) + 12 * 3600);
    const otherKeys = keyPair();
    expect(verifiedClaims(vapidAuthorization(webpush, endpoint, otherKeys, contact, now), otherKeys.publicKey).sub).toBe(contact);
    expect(verifiedClaims(vapidAuthorization(webpush, endpoint, keys, 'mailto:other@tickler.example', now), keys.publicKey).sub).toBe('mailto:other@tickler.example');
  });
});
