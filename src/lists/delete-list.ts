import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import { recordListEvent } from '../events/list-event.js';
import { buildEvents, eventRow } from '../events/record-event.js';
import { readLabels } from '../tasks/task-labels.js';
import { listMemberIds, requireList } from './list-access.js';

/** Tasks read (and their events written) per round while a list is deleted. */
const BATCH = 500;

/**
 * Deletes a list (owners only; the Inbox cannot be deleted, 409) with its tasks, in one transaction:
 * each task's `task.deleted` is recorded for every member, so every member's clients and webhooks hear
 * of it, and the tasks, their reminders and labels and the memberships go with the list.
 */
export async function deleteList(ctx: ServiceContext, listId: bigint): Promise<void> {
  const now = ctx.clock.now();
  const deleted = await ctx.db.$transaction(
    async (tx) => {
      const { list } = await requireList(tx, ctx.userId, listId, 'delete');
      if (list.inbox) throw new AppError('lists/conflict', 409, 'The Inbox cannot be deleted');
      const recipients = await listMemberIds(tx, listId);
      let after = 0n;
      let count = 0;
      for (;;) {
        const tasks = await tx.task.findMany({ where: { listId, id: { gt: after } }, orderBy: { id: 'asc' }, take: BATCH });
        if (tasks.length === 0) break;
        const labels = await readLabels(tx, tasks.map((t) => t.id));
        const events = tasks.flatMap((task) =>
          buildEvents({ type: 'task.deleted', actor: ctx.userId, via: ctx.via, recipients, task, labels: labels.get(task.id) ?? [] }, now),
        );
        await tx.event.createMany({ data: events.map(eventRow) });
        count += tasks.length;
        after = tasks.at(-1)!.id;
      }
      await recordListEvent(tx, { type: 'list.deleted', actor: ctx.userId, via: ctx.via, list }, now);
      await tx.list.delete({ where: { id: listId } });
      return count;
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  ctx.events.eventsRecorded();
  ctx.logger.info({ listId: String(listId), tasks: deleted }, 'list deleted');
}
