import type { ServiceContext } from '../context.js';
import type { Tx } from '../db/database.js';
import { recordTaskEvent } from '../events/record-event.js';
import { listMemberIds, requireList, requireTask, roleIn } from '../lists/list-access.js';
import { hasReminders, syncTaskReminder } from '../reminders/sync-task-reminder.js';
import { validateTimeZone } from '../users/time-zone.js';
import { notAMember } from './store/member-rows.js';
import { readTaskLabels, validateLabels, writeTaskLabels } from './task-labels.js';
import { validateTaskChanges, type TaskChangesInput, type ValidTaskChanges } from './task-input.js';
import type { LabeledTask, TaskRecord } from './task-view.js';

export interface UpdateTaskResult {
  task: LabeledTask;
  /** false when every given field already had the given value: nothing is written or announced. */
  changed: boolean;
}

function differs(current: TaskRecord, changes: ValidTaskChanges): boolean {
  return Object.entries(changes).some(([field, value]) => {
    const before = current[field as keyof TaskRecord];
    if (value instanceof Date || before instanceof Date) {
      return (before instanceof Date ? before.getTime() : before) !== (value instanceof Date ? value.getTime() : value);
    }
    return before !== value;
  });
}

const sameLabels = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((label, i) => label === b[i]);

/**
 * A move to another list: the caller must be able to move tasks out of the task's list and into the
 * other (404 for a list they are not in). An assignee who is no member of the new list is unassigned.
 * Answers the members of the list the task leaves, who hear of the move too.
 */
async function checkMove(tx: Tx, userId: string, current: TaskRecord, changes: ValidTaskChanges): Promise<string[]> {
  if (changes.listId === undefined || changes.listId === current.listId) return [];
  await requireTask(tx, userId, current.id, 'move');
  await requireList(tx, userId, changes.listId, 'move');
  const assignee = changes.assigneeId !== undefined ? changes.assigneeId : current.assigneeId;
  if (assignee !== null && changes.assigneeId === undefined && (await roleIn(tx, assignee, changes.listId)) === null) {
    changes.assigneeId = null;
  }
  return listMemberIds(tx, current.listId);
}

/**
 * Changes any editable field of a task the caller may edit (moving it to another list, assigning it
 * and its labels included), keeps its reminder in step, records `task.updated` for every member of
 * its list (and of the list it left).
 */
export async function updateTask(ctx: ServiceContext, taskId: bigint, input: TaskChangesInput): Promise<UpdateTaskResult> {
  const now = ctx.clock.now();
  const labelsGiven = input.labels === undefined ? undefined : input.labels === null ? [] : validateLabels(input.labels);
  const result = await ctx.db.$transaction(async (tx) => {
    const { task: current } = await requireTask(tx, ctx.userId, taskId, 'edit');
    // The zone places a repeating task's dueAt on its rule, which only a new dueAt or rule can move.
    const movesSeries = input.dueAt !== undefined || input.recurrence !== undefined;
    const user = movesSeries ? await tx.user.findUnique({ where: { id: ctx.userId } }) : null;
    const changes = validateTaskChanges(input, current, validateTimeZone(user?.timeZone ?? 'UTC'));
    const leftBehind = await checkMove(tx, ctx.userId, current, changes);
    if (changes.assigneeId !== undefined && changes.assigneeId !== current.assigneeId && changes.assigneeId !== null) {
      if ((await roleIn(tx, changes.assigneeId, changes.listId ?? current.listId)) === null) throw notAMember();
    }
    const labelsBefore = await readTaskLabels(tx, current.id);
    const labelsChange = labelsGiven !== undefined && !sameLabels(labelsGiven, labelsBefore);
    if (!differs(current, changes) && !labelsChange) return { task: { ...current, labels: labelsBefore }, changed: false };
    const task = await tx.task.update({ where: { id: current.id }, data: { ...changes, updatedAt: now } });
    if (labelsChange) await writeTaskLabels(tx, task.id, labelsGiven);
    const labels = labelsChange ? labelsGiven : labelsBefore;
    if (hasReminders(task) || hasReminders(current)) await syncTaskReminder(tx, task, now);
    await recordTaskEvent(tx, { type: 'task.updated', actor: ctx.userId, via: ctx.via, task, labels }, now, leftBehind);
    return { task: { ...task, labels }, changed: true };
  });
  if (result.changed) ctx.events.eventsRecorded();
  return result;
}
