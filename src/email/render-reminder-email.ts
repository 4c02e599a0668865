import type { TaskView } from '../tasks/task-view.js';
import { formatLocalTime } from './format-local-time.js';
import { escapeHtml, htmlDocument } from './html.js';
import type { RenderedEmail } from './queue-email.js';

export interface ReminderEmailInput {
  task: TaskView;
  listName: string | null;
  timeZone: string;
  doneUrl: string;
  snoozeUrl: string;
  openUrl: string;
  /** Why it is mailed although email is off (the push fallback); null: the person's setting. */
  reason: string | null;
}

/** The subject's title is cut so the header stays short; the body carries the whole title. */
const SUBJECT_TITLE_MAX = 120;

export function renderReminderEmail(input: ReminderEmailInput): RenderedEmail {
  const { task } = input;
  const title = task.title.replace(/\s+/g, ' ').trim();
  const shortTitle = [...title].length > SUBJECT_TITLE_MAX ? `${[...title].slice(0, SUBJECT_TITLE_MAX).join('')}…` : title;
  const subject = `Reminder: ${shortTitle}`;
  const due = task.dueAt ? `Due ${formatLocalTime(task.dueAt, input.timeZone)}` : 'No due time';
  const list = input.listName ? `List: ${input.listName}` : null;
  const text = [
    title,
    due,
    ...(list ? [list] : []),
    ...(task.description ? ['', task.description] : []),
    '',
    `Done: ${input.doneUrl}`,
    `Snooze 1 hour: ${input.snoozeUrl}`,
    `Open in Tickler: ${input.openUrl}`,
    '',
    'Each link works once, until the task\'s next reminder.',
    ...(input.reason ? [`You get this by email because push did not reach you (${input.reason}).`] : []),
    '',
  ].join('\n');
  const html = htmlDocument(
    subject,
    [
      `<h1>${escapeHtml(title)}</h1>`,
      `<p>${escapeHtml(due)}${list ? `<br>${escapeHtml(list)}` : ''}</p>`,
      ...(task.description ? [`<p>${escapeHtml(task.description).replace(/\n/g, '<br>')}</p>`] : []),
      `<p><a href="${escapeHtml(input.doneUrl)}">Done</a> · <a href="${escapeHtml(input.snoozeUrl)}">Snooze 1 hour</a> · <a href="${escapeHtml(input.openUrl)}">Open in Tickler</a></p>`,
      '<p>Each link works once, until the task\'s next reminder.</p>',
      ...(input.reason ? [`<p>You get this by email because push did not reach you (${escapeHtml(input.reason)}).</p>`] : []),
    ].join('\n'),
  );
  return { subject, text, html };
}
