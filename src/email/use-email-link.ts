import { createContext, type ContextDeps } from '../context.js';
import { AppError } from '../errors.js';
import { snoozeReminder } from '../reminders/snooze-reminder.js';
import { completeTask } from '../tasks/complete-task.js';
import { findEmailLink, restoreEmailLink, spendEmailLink, type EmailLinkAction, type EmailLinkRecord } from './email-links.js';

/** Snooze 1 hour. */
export const LINK_SNOOZE_MINUTES = 60;

export type LinkState =
  | { kind: 'valid'; link: EmailLinkRecord; title: string | null }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'not_found' };

export type LinkResult =
  | { kind: 'done'; title: string }
  | { kind: 'snoozed'; title: string; until: Date }
  | { kind: 'confirmed'; address: string }
  /** The link was used before (by this person, or a second click). */
  | { kind: 'already_done' }
  | { kind: 'expired' }
  | { kind: 'not_found' }
  /** The task is gone, no longer theirs, or cannot take the action (a snooze of a completed task). */
  | { kind: 'refused'; message: string };

/**
 * Where a link stands, without changing anything (a GET: mail scanners follow links). A reminder's
 * links end at the task's next reminder (a newer `reminder.due` for the same person and task) or after
 * 14 days; a confirmation link when a newer address replaced its own, or after 3 days.
 */
export async function inspectEmailLink(deps: ContextDeps, token: string, action: EmailLinkAction): Promise<LinkState> {
  const link = await findEmailLink(deps.db, token, action);
  if (!link) return { kind: 'not_found' };
  if (link.usedAt) return { kind: 'used' };
  if (link.expiresAt.getTime() <= deps.clock.now().getTime()) return { kind: 'expired' };
  if (link.taskId !== null && link.eventId !== null) {
    const newer = await deps.db.event.findFirst({
      where: { userId: link.userId, taskId: link.taskId, type: 'reminder.due', id: { gt: link.eventId } },
      select: { id: true },
    });
    if (newer) return { kind: 'expired' };
  }
  const task = link.taskId === null ? null : await deps.db.task.findUnique({ where: { id: link.taskId }, select: { title: true } });
  return { kind: 'valid', link, title: task?.title ?? null };
}

/** Does what the link says, once: the first POST spends it; any later one answers already_done. */
export async function useEmailLink(deps: ContextDeps, token: string, action: EmailLinkAction): Promise<LinkResult> {
  const state = await inspectEmailLink(deps, token, action);
  if (state.kind === 'used') return { kind: 'already_done' };
  if (state.kind !== 'valid') return state;
  const { link } = state;
  const now = deps.clock.now();
  if (!(await spendEmailLink(deps.db, link.id, now))) return { kind: 'already_done' };
  const ctx = createContext(deps, link.userId);
  try {
    if (action === 'confirm') {
      const { count } = await deps.db.user.updateMany({ where: { id: link.userId, email: link.address }, data: { emailConfirmedAt: now } });
      if (count === 0) return { kind: 'refused', message: 'This address is no longer the one set in Tickler.' };
      ctx.logger.info('email address confirmed');
      return { kind: 'confirmed', address: link.address! };
    }
    if (action === 'done') {
      const { task } = await completeTask(ctx, link.taskId!);
      return { kind: 'done', title: task.title };
    }
    const reminder = await snoozeReminder(ctx, link.taskId!, { minutes: LINK_SNOOZE_MINUTES });
    return { kind: 'snoozed', title: state.title ?? '', until: reminder.fireAt };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { kind: 'refused', message: refusal(error) };
    // Nothing was done: the link works again.
    await restoreEmailLink(deps.db, link.id).catch(() => undefined);
    throw error;
  }
}

function refusal(error: AppError): string {
  if (error.code === 'reminders/not_snoozable') return 'This task is completed already, so there is nothing to snooze.';
  if (error.status === 404) return 'This task no longer exists, or is no longer in a list of yours.';
  return error.message;
}
