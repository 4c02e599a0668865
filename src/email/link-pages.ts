import type { EmailLinkAction } from './email-links.js';
import { escapeHtml, htmlDocument } from './html.js';
import type { LinkResult, LinkState } from './use-email-link.js';

export interface LinkPage {
  status: number;
  html: string;
}

const QUESTIONS: Record<EmailLinkAction, { title: string; button: string }> = {
  done: { title: 'Mark this task done?', button: 'Mark done' },
  snooze: { title: 'Snooze this reminder for 1 hour?', button: 'Snooze 1 hour' },
  confirm: { title: 'Confirm this email address?', button: 'Confirm' },
};

const page = (status: number, title: string, body: string): LinkPage => ({ status, html: htmlDocument(title, `<h1>${escapeHtml(title)}</h1>\n${body}`) });

/** The page a GET shows: what the link would do and a button that POSTs it (nothing happens on GET). */
export function confirmationPage(state: LinkState, action: EmailLinkAction, path: string): LinkPage {
  if (state.kind === 'used') return alreadyDonePage();
  if (state.kind === 'expired') return expiredPage();
  if (state.kind === 'not_found') return notFoundPage();
  const question = QUESTIONS[action];
  const subject = action === 'confirm' ? state.link.address : state.title;
  return page(
    200,
    question.title,
    [
      subject ? `<p>${escapeHtml(subject)}</p>` : '',
      `<form method="post" action="${escapeHtml(path)}"><button type="submit">${escapeHtml(question.button)}</button></form>`,
    ].join('\n'),
  );
}

/** The page a POST answers with. */
export function resultPage(result: LinkResult): LinkPage {
  switch (result.kind) {
    case 'done':
      return page(200, 'Done', `<p>${escapeHtml(result.title)} is marked done.</p>`);
    case 'snoozed':
      return page(200, 'Snoozed', `<p>${escapeHtml(result.title)}: you will be reminded again at ${escapeHtml(result.until.toISOString())}.</p>`);
    case 'confirmed':
      return page(200, 'Address confirmed', `<p>Reminders can now be mailed to ${escapeHtml(result.address)}.</p>`);
    case 'already_done':
      return alreadyDonePage();
    case 'expired':
      return expiredPage();
    case 'not_found':
      return notFoundPage();
    case 'refused':
      return page(409, 'Nothing was changed', `<p>${escapeHtml(result.message)}</p>`);
  }
}

function alreadyDonePage(): LinkPage {
  return page(200, 'Already done', '<p>This link was used already; nothing more to do.</p>');
}

function expiredPage(): LinkPage {
  return page(410, 'This link has expired', '<p>It worked until the task\'s next reminder; use the links in the newest mail, or open Tickler.</p>');
}

function notFoundPage(): LinkPage {
  return page(404, 'This link is not valid', '<p>It may be mistyped, or from a mail that was replaced.</p>');
}
