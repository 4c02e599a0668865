import { createECDH } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

/** The VAPID key pair (RFC 8292) as web-push takes it: base64url, an uncompressed P-256 point and a 32-byte scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url string, or null when it is not one (standard base64's + and / are refused). */
export function decodeBase64Url(text: string): Buffer | null {
  if (!BASE64URL.test(text)) return null;
  return Buffer.from(text.replace(/=+$/, ''), 'base64url');
}

/** Whether these bytes are an uncompressed point on P-256 (OpenSSL refuses any other). */
export function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Why this pair cannot sign VAPID tokens, or null when it can (the private key must give the public one). */
export function vapidKeyPairProblem(keys: VapidKeys): string | null {
  const publicBytes = decodeBase64Url(keys.publicKey);
  if (!publicBytes || !isP256Point(publicBytes)) return 'VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point (65 bytes)';
  const privateBytes = decodeBase64Url(keys.privateKey);
  if (!privateBytes || privateBytes.length !== 32) return 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    if (!ecdh.getPublicKey().equals(publicBytes)) return 'VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY';
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  return null;
}

/** Unpadded base64url, the form web-push and browsers (applicationServerKey) expect. */
function canonical(keys: VapidKeys): VapidKeys {
  return {
    publicKey: decodeBase64Url(keys.publicKey)!.toString('base64url'),
    privateKey: decodeBase64Url(keys.privateKey)!.toString('base64url'),
  };
}

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // getPrivateKey drops leading zero bytes; VAPID needs all 32.
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/**
 * The configured pair (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, already checked by config.ts), or the one in
 * DATA_DIR/keys/vapid.json, created (mode 0600) on first start. Creation writes a temp file and
 * hard-links it into place, so two processes starting together end up with one pair.
 */
export function loadOrCreateVapidKeys(dataDir: string, configured: VapidKeys | undefined): VapidKeys {
  if (configured) return canonical(configured);
  const file = path.join(dataDir, 'keys', 'vapid.json');
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomUUID()}.tmp`;
  writeFileSync(temp, JSON.stringify(generateVapidKeys()), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  return readKeyFile(file);
}

function readKeyFile(file: string): VapidKeys {
  const keys = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const problem = vapidKeyPairProblem(keys);
  if (problem) throw new Error(`${file} holds no usable VAPID key pair: ${problem}`);
  return canonical(keys);
}
