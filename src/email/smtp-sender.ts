import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
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

/**
 * Sends through SMTP_URL with nodemailer: one connection per mail (no pool to hold a broken socket),
 * bounded by `timeoutMs` for connecting, the greeting and each reply. Never throws.
 */
export function createSmtpSender(options: { smtpUrl: string; from: string; timeoutMs: number }): EmailSender {
  const transport = nodemailer.createTransport(options.smtpUrl, {
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  } as SMTPTransport.Options);
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
