import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { WebhookMetrics } from '../metrics/service-metrics.js';
import { createEmailDispatcher, type EmailDispatcher } from '../email/email-dispatcher.js';
import { idleDispatcher } from '../delivery/channel-dispatcher.js';
import { createEmailFanOut } from '../email/fan-out-email.js';
import type { EmailDeps } from '../email/email-deps.js';
import { createSmtpSender } from '../email/smtp-sender.js';
import { createPushFanOut } from '../push/fan-out-push.js';
import { createPushDispatcher, type PushDispatcher } from '../push/push-dispatcher.js';
import type { PushDeps } from '../push/push-deps.js';
import { loadOrCreateVapidKeys } from '../push/vapid-keys.js';
import { createWebhookDispatcher, type WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import { resolveWithSystem, type ResolveHost, type WebhookUrlPolicy } from '../webhooks/webhook-url-policy.js';

export interface DeliveryChannelsDeps {
  config: Pick<Config, 'dataDir' | 'webhooks' | 'push' | 'reminders' | 'mail' | 'publicUrl'>;
  database: Database;
  logger: Logger;
  clock: Clock;
  metrics: WebhookMetrics;
  /** How webhook URL hosts are resolved; the system resolver by default. */
  resolveHost: ResolveHost | undefined;
  /** Told when a dispatcher recorded outbox events (reminder.delivered/failed). */
  onEventsRecorded: () => void;
}

export interface DeliveryChannels {
  webhooks: WebhookDispatcher;
  push: PushDispatcher;
  email: EmailDispatcher;
  /** What the email operations need (REST and GraphQL). */
  emailDeps: EmailDeps;
  /** The URL policy both channels hold addresses to, at registration and at delivery. */
  urlPolicy: WebhookUrlPolicy;
  /** What the push operations need (REST and GraphQL). */
  pushDeps: PushDeps;
  /** One pass of both channels (the deliver-webhooks job). */
  sweep(): Promise<void>;
}

/**
 * The outbound channels, webhooks and Web Push, which share one delivery shape (claim, send, record,
 * retry) and one fan-out from the outbox: push deliveries are made beside the webhooks' ones.
 */
export function startDeliveryChannels({ config, database, logger, clock, metrics, resolveHost, onEventsRecorded }: DeliveryChannelsDeps): DeliveryChannels {
  const sqliteWriter = database.raw.provider === 'sqlite' ? database.raw.writer : undefined;
  const urlPolicy = { allowInsecure: config.webhooks.allowInsecure, resolve: resolveHost ?? resolveWithSystem };
  const vapidKeys = loadOrCreateVapidKeys(config.dataDir, config.push.vapidKeys);
  const pushContact = config.push.contact;
  if (pushContact === null) logger.warn({ setting: 'PUSH_CONTACT' }, config.push.offReason);
  // Push messages go to browsers' push services under the webhook URL policy, with the webhooks'
  // timeout and lease. Without a contact push is off: nothing is queued or sent.
  const push = pushContact
    ? createPushDispatcher({
        db: database.db,
        provider: database.provider,
        sqliteWriter,
        logger,
        now: () => clock.now(),
        vapidKeys,
        contact: pushContact,
        policy: urlPolicy,
        concurrency: config.push.concurrency,
        timeoutMs: config.webhooks.timeoutMs,
        leaseMs: config.webhooks.leaseMs,
        onEventsRecorded,
      })
    : idleDispatcher;
  const smtpUrl = config.mail.smtpUrl;
  if (smtpUrl === null) logger.info({ setting: 'SMTP_URL' }, 'email is off: SMTP_URL is unset');
  const email = smtpUrl
    ? createEmailDispatcher({
        db: database.db,
        provider: database.provider,
        sqliteWriter,
        logger,
        now: () => clock.now(),
        sender: createSmtpSender({
          smtpUrl,
          from: config.mail.from,
          timeoutMs: config.webhooks.timeoutMs,
          maxConnections: config.mail.maxConnections,
          maxMessages: config.mail.maxMessages,
          // An attempt settles while its claim holds, so no other instance sends the mail meanwhile.
          deadlineMs: config.webhooks.leaseMs - 1000,
        }),
        publicUrl: config.publicUrl,
        concurrency: config.mail.concurrency,
        leaseMs: config.webhooks.leaseMs,
        onEventsRecorded,
      })
    : idleDispatcher;
  const channels = [
    ...(pushContact ? [createPushFanOut({ provider: database.provider, graceMs: config.reminders.graceMs, onDeliveries: () => push.wake() })] : []),
    ...(smtpUrl ? [createEmailFanOut({ provider: database.provider, publicUrl: config.publicUrl, pushEnabled: pushContact !== null, onDeliveries: () => email.wake() })] : []),
  ];
  const webhooks = createWebhookDispatcher({
    db: database.db,
    provider: database.provider,
    logger,
    now: () => clock.now(),
    config: config.webhooks,
    policy: urlPolicy,
    metrics,
    sqliteWriter,
    channels,
  });
  const sweep = async () => {
    await webhooks.sweep();
    await push.sweep();
    await email.sweep();
  };
  const emailDeps: EmailDeps = { enabled: smtpUrl !== null, publicUrl: config.publicUrl, wake: () => email.wake() };
  return { webhooks, push, email, emailDeps, urlPolicy, pushDeps: { urlPolicy, vapidKeys, enabled: pushContact !== null }, sweep };
}
