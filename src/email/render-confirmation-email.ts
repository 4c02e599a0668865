import { escapeHtml, htmlDocument } from './html.js';
import type { RenderedEmail } from './queue-email.js';

export function renderConfirmationEmail(input: { address: string; url: string; expiresAt: Date }): RenderedEmail {
  const subject = 'Confirm your email address for Tickler';
  const text = [
    `Someone (hopefully you) asked Tickler to send reminders to ${input.address}.`,
    '',
    'To confirm, open this link and press "Confirm":',
    input.url,
    '',
    `The link works once, until ${input.expiresAt.toISOString()}. If you did not ask for this, ignore this mail: nothing will be sent to you.`,
    '',
  ].join('\n');
  const html = htmlDocument(
    subject,
    [
      `<p>Someone (hopefully you) asked Tickler to send reminders to <b>${escapeHtml(input.address)}</b>.</p>`,
      `<p><a href="${escapeHtml(input.url)}">Confirm this address</a></p>`,
      `<p>The link works once, until ${escapeHtml(input.expiresAt.toISOString())}. If you did not ask for this, ignore this mail: nothing will be sent to you.</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}
