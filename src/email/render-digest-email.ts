import { DateTime } from 'luxon';
import { escapeHtml, htmlDocument } from './html.js';
import type { RenderedEmail } from './queue-email.js';

export interface DigestItem {
  id: string;
  title: string;
  dueAt: Date;
  listName: string;
}

export interface DigestInput {
  items: DigestItem[];
  /** The start of the person's day: items due before it are overdue. */
  dayStart: Date;
  timeZone: string;
  /** The local date, YYYY-MM-DD. */
  date: string;
  publicUrl: string;
  /** The queue holds more than is listed (the mail lists the first ones). */
  more: boolean;
}

function line(item: DigestItem, input: DigestInput): { when: string; overdue: boolean } {
  const due = DateTime.fromJSDate(item.dueAt, { zone: input.timeZone }).setLocale('en-GB');
  const overdue = item.dueAt.getTime() < input.dayStart.getTime();
  return { when: overdue ? `overdue since ${due.toFormat('ccc d LLL, HH:mm')}` : due.toFormat('HH:mm'), overdue };
}

/** Today's queue as one mail: overdue first, then today, in the queue's order, each with its list. */
export function renderDigestEmail(input: DigestInput): RenderedEmail {
  const count = input.items.length;
  const day = DateTime.fromISO(input.date, { zone: input.timeZone }).setLocale('en-GB').toFormat('cccc d LLLL');
  const subject = `Today in Tickler, ${day}: ${count}${input.more ? '+' : ''} ${count === 1 && !input.more ? 'task' : 'tasks'}`;
  const rows = input.items.map((item) => ({ item, ...line(item, input) }));
  const more = input.more ? ['…and more in Tickler.'] : [];
  const text = [
    `Your queue for ${day} (${input.timeZone}):`,
    '',
    ...rows.map(({ item, when }) => `- ${when}  ${item.title}  [${item.listName}]`),
    ...more,
    '',
    `Open Tickler: ${input.publicUrl}/`,
    '',
  ].join('\n');
  const html = htmlDocument(
    subject,
    [
      `<h1>${escapeHtml(`Your queue for ${day}`)}</h1>`,
      '<ul>',
      ...rows.map(
        ({ item, when, overdue }) =>
          `<li>${overdue ? '<b>' : ''}${escapeHtml(when)}${overdue ? '</b>' : ''} <a href="${escapeHtml(`${input.publicUrl}/tasks/${item.id}`)}">${escapeHtml(item.title)}</a> <i>${escapeHtml(item.listName)}</i></li>`,
      ),
      '</ul>',
      ...more.map((text) => `<p>${escapeHtml(text)}</p>`),
      `<p><a href="${escapeHtml(`${input.publicUrl}/`)}">Open Tickler</a></p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}
