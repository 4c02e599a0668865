import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProvider } from '../../src/config.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';
import { generateVapidKeys } from '../../src/push/vapid-keys.js';
import { createSmtpServer, type SmtpServer } from '../../test/email/support/smtp-server.js';
import { startPushService, type PushServiceStandIn } from '../../test/push/support/push-service.js';

const CONTACT = 'mailto:ops@tickler.example';
// The stand-in checks the VAPID signature and decrypts one message in this many; the rest it only counts,
// so the benchmark's own process does not take the cores the service needs.
export const VERIFY_EVERY = 100;

export interface ChannelStandIns {
  push: PushServiceStandIn;
  smtp: SmtpServer;
  /** What `tickler serve` needs to push to the stand-in and mail through it. */
  env: Record<string, string>;
  /** The one browser subscription the bench user has. */
  subscription: { endpoint: string; p256dh: string; auth: string };
  close(): Promise<void>;
}

/** A fresh pair in the environment variables' form. */
function vapidPair() {
  const { publicKey, privateKey } = generateVapidKeys();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
}

/** A Web Push service stand-in (test/push/support) and an SMTP server (aiosmtpd's Sink), both on loopback. */
export async function startChannelStandIns(): Promise<ChannelStandIns> {
  const vapid = vapidPair();
  const push = await startPushService({ publicKey: () => vapid.VAPID_PUBLIC_KEY, contact: CONTACT }, { verifyEvery: VERIFY_EVERY, keepReceived: false });
  const smtp = await createSmtpServer(undefined, { keep: false });
  await smtp.start();
  const browser = push.subscribe();
  return {
    push,
    smtp,
    env: { ...vapid, PUSH_CONTACT: CONTACT, WEBHOOK_ALLOW_INSECURE: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Tickler <tickler@tickler.example>' },
    subscription: { endpoint: browser.endpoint, ...browser.keys },
    async close() {
      await push.close();
      await smtp.close();
    },
  };
}

/**
 * The bench user as issue 26 describes the person both channels reach: a push subscription, and a
 * confirmed address with email on, so each reminder goes by push and by email (not as a fallback).
 */
export async function seedChannelUser(provider: DatabaseProvider, url: string, userId: string, subscription: ChannelStandIns['subscription']): Promise<void> {
  const address = `${userId}@tickler.example`;
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { timeout: 30_000 });
    try {
      const now = Date.now();
      db.prepare(
        `INSERT INTO users (id, time_zone, created_at, updated_at, email, email_confirmed_at, notify_push, notify_email)
         VALUES (?, 'UTC', ?, ?, ?, ?, 1, 1)`,
      ).run(userId, now, now, address, now);
      db.prepare('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(
        userId,
        subscription.endpoint,
        subscription.p256dh,
        subscription.auth,
        now,
        now,
      );
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (id, time_zone, created_at, updated_at, email, email_confirmed_at, notify_push, notify_email)
       VALUES ($1, 'UTC', now(), now(), $2, now(), true, true)`,
      [userId, address],
    );
    await client.query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())', [
      userId,
      subscription.endpoint,
      subscription.p256dh,
      subscription.auth,
    ]);
  } finally {
    await client.end();
  }
}

export interface ChannelSummary {
  /** Deliveries the fan-out made for reminders on this channel. */
  queued: number;
  /** Handed over: 201 from the push service, 250 from the SMTP server. */
  delivered: number;
  failed: number;
  /** The last hand-over, ms since the epoch (NaN when none). */
  lastAt: number;
  /** Hand-over minus the reminder's planned time (nearest rank), ms. */
  p50: number;
  p99: number;
}

interface ChannelTable {
  table: 'push_deliveries' | 'email_deliveries';
  deliveredAt: 'delivered_at' | 'sent_at';
  where: string;
}

const CHANNELS: Record<'push' | 'email', ChannelTable> = {
  push: { table: 'push_deliveries', deliveredAt: 'delivered_at', where: "event_type = 'reminder.due'" },
  email: { table: 'email_deliveries', deliveredAt: 'sent_at', where: "kind = 'reminder'" },
};

const countsSql = ({ table, deliveredAt, where }: ChannelTable) => `SELECT count(*) AS queued,
  coalesce(sum(CASE WHEN state = 'delivered' THEN 1 ELSE 0 END), 0) AS delivered,
  coalesce(sum(CASE WHEN state IN ('failed', 'gone') THEN 1 ELSE 0 END), 0) AS failed,
  max(${deliveredAt}) AS last_at
  FROM ${table} WHERE ${where}`;

// The planned time is the one the `reminder.due` event carries (reminder.plannedAt).
const sqliteLagSql = ({ table, deliveredAt, where }: ChannelTable) => `SELECT CAST(d.${deliveredAt} - (julianday(json_extract(e.payload, '$.reminder.plannedAt')) - 2440587.5) * 86400000.0 AS INTEGER) AS lag
  FROM ${table} d JOIN events e ON e.id = d.event_id WHERE d.state = 'delivered' AND d.${where} ORDER BY lag LIMIT 1 OFFSET ?`;

const postgresLagSql = ({ table, deliveredAt, where }: ChannelTable) => `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY lag) AS p50, percentile_disc(0.99) WITHIN GROUP (ORDER BY lag) AS p99
  FROM (SELECT round(extract(epoch FROM d.${deliveredAt} - (e.payload::jsonb #>> '{reminder,plannedAt}')::timestamptz) * 1000) AS lag
        FROM ${table} d JOIN events e ON e.id = d.event_id WHERE d.state = 'delivered' AND d.${where}) t`;

const instant = (value: unknown) => (value instanceof Date ? value.getTime() : value === null || value === undefined ? NaN : Number(value));

/** Each channel's deliveries of reminders: counts, and hand-over lateness, computed by the database. */
export async function channelSummaries(provider: DatabaseProvider, url: string): Promise<Record<'push' | 'email', ChannelSummary>> {
  const result = {} as Record<'push' | 'email', ChannelSummary>;
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { readonly: true, timeout: 30_000 });
    try {
      for (const [name, channel] of Object.entries(CHANNELS) as Array<['push' | 'email', ChannelTable]>) {
        const row = db.prepare(countsSql(channel)).get() as Record<string, number | null>;
        const delivered = Number(row.delivered);
        const rank = db.prepare(sqliteLagSql(channel)).pluck();
        const at = (q: number) => (delivered > 0 ? Number(rank.get(Math.max(0, Math.ceil(q * delivered) - 1))) : NaN);
        result[name] = { queued: Number(row.queued), delivered, failed: Number(row.failed), lastAt: instant(row.last_at), p50: at(0.5), p99: at(0.99) };
      }
    } finally {
      db.close();
    }
    return result;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [name, channel] of Object.entries(CHANNELS) as Array<['push' | 'email', ChannelTable]>) {
      const row = (await client.query(countsSql(channel))).rows[0] as Record<string, unknown>;
      const lag = (await client.query(postgresLagSql(channel))).rows[0] as { p50: string | null; p99: string | null };
      result[name] = {
        queued: Number(row.queued),
        delivered: Number(row.delivered),
        failed: Number(row.failed),
        lastAt: instant(row.last_at),
        p50: lag.p50 === null ? NaN : Number(lag.p50),
        p99: lag.p99 === null ? NaN : Number(lag.p99),
      };
    }
  } finally {
    await client.end();
  }
  return result;
}

/** Reminders handed over so far on each channel, cheaply: the push stand-in's count, and the mails sent. */
export async function deliveredSoFar(provider: DatabaseProvider, url: string, standIns: ChannelStandIns): Promise<{ push: number; email: number }> {
  const sql = "SELECT count(*) AS n FROM email_deliveries WHERE state = 'delivered'";
  let email: number;
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { readonly: true, timeout: 30_000 });
    try {
      email = (db.prepare(sql).get() as { n: number }).n;
    } finally {
      db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      email = Number((await client.query(sql)).rows[0].n);
    } finally {
      await client.end();
    }
  }
  return { push: standIns.push.accepted(), email };
}
