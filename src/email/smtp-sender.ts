import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { messageOf } from '../delivery/post-once.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  date: Date;
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
 * Sends through SMTP_URL with nodemailer over a pool of connections, each reused for up to
 * `maxMessages` mails (a connection per mail cost a TCP and SMTP handshake each, and kept email at
 * about 40 mails a second). A connection that breaks fails the mail it was carrying at once (no
 * requeue inside the pool: the dispatcher records the attempt and retries it with its back-off) and is
 * replaced for the next mails. Never throws.
 */
export function createSmtpSender(options: SmtpSenderOptions): EmailSender {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: options.maxConnections,
    maxMessages: options.maxMessages,
    maxRequeues: 0,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  } as SMTPPool.Options);
  return {
    async send(mail) {
      const started = performance.now();
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          date: mail.date,
          headers: { 'Auto-Submitted': 'auto-generated', 'X-Tickler-Settings': mail.settingsUrl },
          signal: AbortSignal.timeout(options.deadlineMs),
        });
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
    close: () => transport.close(),
  };
}
