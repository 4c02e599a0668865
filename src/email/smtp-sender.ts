import { performance } from 'node:perf_hooks';
import { messageOf } from '../delivery/post-once.js';
import { addressOf, buildMimeMessage, type MailContent } from './mime-message.js';
import { createSmtpConnectionPool, type SmtpConnectionPool } from './smtp-connection-pool.js';

export interface OutgoingEmail extends MailContent {
  /** One-click unsubscribe is not offered; this says where the person changes their settings. */
  settingsUrl: string;
}

export interface EmailOutcome {
  delivered: boolean;
  /** The server's SMTP reply code, when one came. */
  responseCode: number | null;
  /** A 5xx reply: sending the same mail again cannot succeed. */
  permanent: boolean;
  error: string | null;
  latencyMs: number;
}

export interface EmailSender {
  send(mail: OutgoingEmail): Promise<EmailOutcome>;
  close(): void;
}

const ERROR_MAX_LENGTH = 1000;

export interface SmtpSenderOptions {
  smtpUrl: string;
  from: string;
  /** Bounds connecting, the greeting and each reply. */
  timeoutMs: number;
  /** SMTP_MAX_CONNECTIONS: connections kept open to the server. */
  maxConnections: number;
  /** A connection is closed and replaced after this many mails (servers limit mails per connection). */
  maxMessages: number;
  /** A mail not handed over after this long (waiting for a connection included) fails, to be retried. */
  deadlineMs: number;
}

/**
 * Sends through SMTP_URL over a pool of connections (smtp-connection-pool.ts), each reused for up to
 * `maxMessages` mails, the message built as one buffer (mime-message.ts). A connection that breaks
 * fails the mail it was carrying at once (the dispatcher records the attempt and retries it with its
 * back-off) and is replaced for the next mails. Never throws.
 */
export function createSmtpSender(options: SmtpSenderOptions): EmailSender {
  const pool: SmtpConnectionPool = createSmtpConnectionPool({
    url: new URL(options.smtpUrl),
    timeoutMs: options.timeoutMs,
    maxConnections: options.maxConnections,
    maxMessages: options.maxMessages,
    deadlineMs: options.deadlineMs,
  });
  const sender = addressOf(options.from);
  return {
    async send(mail) {
      const started = performance.now();
      try {
        const message = buildMimeMessage({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          date: mail.date,
          headers: { 'Auto-Submitted': 'auto-generated', 'X-Tickler-Settings': mail.settingsUrl },
        });
        await pool.send({ from: sender, to: [mail.to] }, message);
        return { delivered: true, responseCode: 250, permanent: false, error: null, latencyMs: Math.round(performance.now() - started) };
      } catch (error) {
        const responseCode = typeof (error as { responseCode?: unknown }).responseCode === 'number' ? (error as { responseCode: number }).responseCode : null;
        return {
          delivered: false,
          responseCode,
          permanent: responseCode !== null && responseCode >= 500 && responseCode < 600,
          error: messageOf(error).slice(0, ERROR_MAX_LENGTH),
          latencyMs: Math.round(performance.now() - started),
        };
      }
    },
    close: () => pool.close(),
  };
}
