import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/** The record size written in the header (RFC 8188 2.1); a push message is one record well under it. */
const RECORD_SIZE = 4096;
const KEY_INFO = Buffer.from('WebPush: info\0', 'latin1');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0', 'latin1');
/** The delimiter of the last (here the only) record, before its padding (none). */
const LAST_RECORD = Buffer.from([2]);

/**
 * A push message encrypted for a subscription (RFC 8291, aes128gcm content coding of RFC 8188): a new
 * ECDH key pair per message, its shared secret with the browser's key mixed with the subscription's auth
 * secret, and one AES-128-GCM record behind the header (salt, record size, the message's public key).
 * The same as web-push's encrypt, with Node's own HKDF (one call for each key) in place of its chain of
 * HMAC objects and buffers: the elliptic-curve work is what is left of its cost.
 */
export function encryptPushMessage(p256dh: string, auth: string, payload: string): Buffer {
  const browserKey = Buffer.from(p256dh, 'base64url');
  if (browserKey.length !== 65 || browserKey[0] !== 4) throw new Error('the subscription p256dh value must be an uncompressed P-256 point (65 bytes)');
  const plaintext = Buffer.from(payload, 'utf8');
  // One record: the message, its delimiter and the 16-byte tag within the record size.
  if (plaintext.length + 17 > RECORD_SIZE) throw new Error(`a push message holds at most ${RECORD_SIZE - 17} bytes`);
  const authSecret = Buffer.from(auth, 'base64url');
  if (authSecret.length < 16) throw new Error('the subscription auth secret must be at least 16 bytes long');

  const ecdh = createECDH('prime256v1');
  const serverKey = ecdh.generateKeys();
  const shared = ecdh.computeSecret(browserKey);
  const ikm = new Uint8Array(hkdfSync('sha256', shared, authSecret, Buffer.concat([KEY_INFO, browserKey, serverKey]), 32));
  const salt = randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));

  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const head = cipher.update(plaintext);
  const tail = cipher.update(LAST_RECORD);
  cipher.final();
  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header[20] = serverKey.length;
  return Buffer.concat([header, serverKey, head, tail, cipher.getAuthTag()]);
}
