import { mkdirSync, readFileSync, writeFileSync, linkSync, unlinkSync } from 'node:fs';
import { hkdfSync, randomUUID } from 'node:crypto';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

export interface LocalSigningKey {
  kid: string;
  privateKey: Awaited<ReturnType<typeof importJWK>>;
  publicJwk: JWK;
  /**
   * Keys the refresh token that follows a spent one (src/auth/secret-token.ts `successorToken`). Derived
   * from the private key, so every instance sharing the key file derives the same.
   */
  refreshSecret: Uint8Array;
}

export const LOCAL_KEY_ALG = 'EdDSA';

function keyFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'local-issuer.jwk.json');
}

/**
 * Loads the local issuer's Ed25519 key from DATA_DIR, creating it on first use. Creation writes a
 * temp file and hard-links it into place, so two processes starting together end up with one key.
 */
export async function loadOrCreateLocalSigningKey(dataDir: string): Promise<LocalSigningKey> {
  const file = keyFile(dataDir);
  let stored: JWK;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    stored = await createKeyFile(file);
  }
  const { d: _secret, ...publicJwk } = stored;
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateKey = (await importJWK(stored, LOCAL_KEY_ALG));
  if (typeof stored.d !== 'string') throw new Error(`${file} holds no private key`);
  const refreshSecret = new Uint8Array(hkdfSync('sha256', Buffer.from(stored.d, 'base64url'), new Uint8Array(0), 'tickler refresh token successor', 32));
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: LOCAL_KEY_ALG, use: 'sig' }, refreshSecret };
}

async function createKeyFile(file: string): Promise<JWK> {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = await generateKeyPair(LOCAL_KEY_ALG, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  const temp = `${file}.${randomUUID()}.tmp`;
  writeFileSync(temp, JSON.stringify(jwk), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as JWK;
}
