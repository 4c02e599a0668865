import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../../src/config.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { createPostgresDatabase } from '../../test/support/postgres.js';
import { freePort, startProcess, stopProcess } from './processes.js';
import { seedTasks } from './seed.js';

export interface CaldavBenchService {
  base: string;
  process: ChildProcess;
  /** Headers of a REST call as `userId` (a local-issuer bearer token). */
  bearer(userId: string): Promise<Record<string, string>>;
  /** An app password made through REST; the `authorization` header of HTTP Basic with it. */
  basic(userId: string): Promise<string>;
  seedTasks(userId: string, count: number): Promise<void>;
}

/**
 * `tickler serve` as a separate process on a fresh database (loopback), for the CalDAV bench and soak;
 * `run` gets it and everything is removed after.
 */
export async function withCaldavService<T>(provider: DatabaseProvider, env: Record<string, string>, run: (service: CaldavBenchService) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-caldav-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'bench.db')}`;
  try {
    await applyMigrations({ provider, url });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = await startProcess(
      ['bin/tickler.js', 'serve'],
      { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...env },
      `${base}/healthz`,
    );
    try {
      const key = await loadOrCreateLocalSigningKey(dataDir);
      const bearer = async (userId: string) => ({ authorization: `Bearer ${await issueLocalToken({ key, userId, ttlSeconds: 86_400 })}` });
      const service: CaldavBenchService = {
        base,
        process: child,
        bearer,
        async basic(userId) {
          const response = await fetch(`${base}/me/app-passwords`, {
            method: 'POST',
            headers: { ...(await bearer(userId)), 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'bench' }),
          });
          if (response.status !== 201) throw new Error(`app password for ${userId}: ${response.status} ${await response.text()}`);
          const { password } = (await response.json()) as { password: string };
          return `Basic ${Buffer.from(`${userId}:${password}`).toString('base64')}`;
        },
        async seedTasks(userId, count) {
          await seedTasks(provider, url, userId, count);
        },
      };
      return await run(service);
    } finally {
      await stopProcess(child);
    }
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A sync-collection REPORT body (RFC 6578) for getetag from `token` ('' for a first sync). */
export const syncCollectionBody = (token: string) =>
  `<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token>` +
  '<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>';

/** The `<d:sync-token>` of a multistatus answer. */
export function syncTokenIn(xml: string): string {
  const token = /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(xml)?.[1];
  if (token === undefined) throw new Error(`no sync-token in ${xml.slice(0, 300)}`);
  return token;
}

/** The hrefs of a multistatus answer, with the status each was answered with (200 for a propstat). */
export function hrefsIn(xml: string): Array<{ href: string; status: number }> {
  return [...xml.matchAll(/<d:response>([\s\S]*?)<\/d:response>/g)].map((match) => {
    const body = match[1]!;
    const href = decodeURIComponent(/<d:href>([^<]*)<\/d:href>/.exec(body)![1]!);
    const direct = /^\s*<d:href>[^<]*<\/d:href>\s*<d:status>HTTP\/1\.1 (\d{3})/.exec(body);
    return { href, status: direct ? Number(direct[1]) : 200 };
  });
}
