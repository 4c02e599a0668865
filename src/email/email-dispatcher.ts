import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { batchedWrites } from '../delivery/batched-writes.js';
import { claimedWorkLoop } from '../delivery/claimed-work-loop.js';
import { claimEmailDeliveries, releaseEmailClaims, type ClaimedEmail } from './claim-email-deliveries.js';
import { judgeEmailOutcome } from './email-outcome.js';
import { recordEmailAttempts, type EmailAttemptResult } from './record-email-attempt.js';
import { resolveFallback } from './resolve-fallback.js';
import type { EmailSender } from './smtp-sender.js';
import type { ChannelDispatcher } from '../delivery/channel-dispatcher.js';

export interface EmailDispatcherOptions {
  db: Db;
  provider: DatabaseProvider;
  /** On SQLite, Prisma's own connection: results are then recorded synchronously on it. */
  sqliteWriter?: BetterSqlite3.Database | undefined;
  logger: Logger;
  now: () => Date;
  sender: EmailSender;
  publicUrl: string;
  /** Mails in flight at once, per instance. */
  concurrency: number;
  leaseMs: number;
  /** Told after an outcome event (reminder.delivered/failed) was recorded: wake the relay and webhooks. */
  onEventsRecorded: () => void;
}

/** Its stop() waits up to STOP_WAIT_MS for mails in flight (SMTP is not interrupted). */
export type EmailDispatcher = ChannelDispatcher;

/**
 * How long stop() waits for mails in flight. SMTP cannot be interrupted half-way without risking a
 * mail the server took but nobody recorded; one still running after this is left to its claim, which
 * runs out, and another instance sends it then.
 */
const STOP_WAIT_MS = 5_000;

/** Results are written together, at most this long after the first of them arrived (or this many). */
const RECORD_DELAY_MS = 5;
const RECORD_BATCH = 500;

/**
 * Moves mails from the database to the SMTP server: claims due ones with a lease, sends each and
 * records the result (at-least-once: a crash between the server's "250 OK" and the record sends the
 * mail again with the same Message-ID after the lease; otherwise exactly once).
 */
export function createEmailDispatcher(options: EmailDispatcherOptions): EmailDispatcher {
  const { db, provider, logger, now } = options;
  // An attempt is over once its result is on record: until then it counts as in flight.
  const record = batchedWrites(
    (batch: EmailAttemptResult[]) => recordEmailAttempts({ db, provider, sqliteWriter: options.sqliteWriter }, batch, logger),
    RECORD_DELAY_MS,
    RECORD_BATCH,
  );
  async function attempt(mail: ClaimedEmail): Promise<void> {
    if (mail.state === 'waiting') {
      const decision = await resolveFallback(db, mail, now());
      if (decision.kind === 'skip') {
        await db.emailDelivery.updateMany({ where: { id: mail.id, lockedUntil: mail.lockedUntil }, data: { state: 'skipped', lockedUntil: null, nextAttemptAt: null, updatedAt: now() } });
        return;
      }
      if (decision.kind === 'wait') {
        await db.emailDelivery.updateMany({ where: { id: mail.id, lockedUntil: mail.lockedUntil }, data: { nextAttemptAt: decision.until, lockedUntil: null } });
        return;
      }
      mail = { ...mail, state: 'pending', reason: decision.reason };
    }
    const attemptedAt = now();
    if (mail.kind !== 'confirmation' && !mail.addressConfirmed) {
      const reason = 'not sent: the address was changed or removed before the mail went out';
      if (await record({ mail, verdict: { kind: 'failed', reason }, error: reason, attemptedAt })) options.onEventsRecorded();
      return;
    }
    const outcome = await options.sender.send({
      to: mail.address,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      messageId: mail.messageId,
      date: attemptedAt,
      settingsUrl: `${options.publicUrl}/settings`,
    });
    const verdict = judgeEmailOutcome(outcome, mail.attemptCount + 1, now(), mail.createdAt);
    if (await record({ mail, verdict, error: outcome.error, attemptedAt })) options.onEventsRecorded();
  }

  const loop = claimedWorkLoop<ClaimedEmail>({
    concurrency: options.concurrency,
    leaseMs: options.leaseMs,
    claim: (room) => claimEmailDeliveries({ db, provider, sqliteWriter: options.sqliteWriter, now, leaseMs: options.leaseMs }, room),
    release: (claimed) => releaseEmailClaims(db, claimed),
    attempt,
    onAttemptError: (error, mail) => logger.error({ err: error, emailDeliveryId: Number(mail.id) }, 'email attempt failed; its claim runs out and it is sent again'),
    onPassError: (error) => logger.error({ err: error }, 'email dispatch pass failed'),
    // A finished mail frees room for the next.
    afterAttempt: () => loop.schedule(),
  });

  return {
    start: () => loop.start(),
    wake: () => loop.schedule(),
    sweep: () => loop.sweep(),
    async stop() {
      await loop.stopClaiming();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(loop.inFlight()), new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timer);
      options.sender.close();
    },
  };
}
