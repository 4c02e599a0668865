import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import { jsonRequest, type TestService } from '../../support/test-service.js';
import { waitFor, type SmtpServer } from './smtp-server.js';

export const addressOf = (mail: ParsedMail): string => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
};

/** The first link in a mail's text part with this action, moved onto the service's real address. */
export function linkIn(mail: ParsedMail, action: string, service: TestService): string {
  const match = new RegExp(`https?://[^\\s]+/mail/[A-Za-z0-9_-]+/${action}`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${action} link in: ${mail.text}`);
  return `${service.url}${new URL(match[0]).pathname}`;
}

export async function mailsTo(smtp: SmtpServer, address: string, subject?: string): Promise<ParsedMail[]> {
  return (await smtp.messages()).filter((mail) => addressOf(mail) === address && (subject === undefined || mail.subject === subject));
}

/** Sets the user's address and uses the link of the confirmation mail. */
export async function confirmAddress(service: TestService, smtp: SmtpServer, user: string, address: string): Promise<void> {
  const response = await service.request(user, '/me', jsonRequest('PATCH', { email: address }));
  expect(response.status).toBe(200);
  const [mail] = await waitFor(async () => {
    const found = await mailsTo(smtp, address, 'Confirm your email address for Tickler');
    return found.length > 0 && found;
  }, `the confirmation mail to ${address}`);
  const confirmed = await fetch(linkIn(mail!, 'confirm', service), { method: 'POST' });
  expect(confirmed.status).toBe(200);
}
