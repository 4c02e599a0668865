import type { DatabaseProvider } from '../config.js';
import type { Db, Tx } from '../db/database.js';
import { buildEvent, eventRow } from '../events/record-event.js';
import type { TaskEvent } from '../events/task-event.js';
import { toTaskView } from '../tasks/task-view.js';

export interface FireDueRemindersDeps {
  db: Db;
  provider: DatabaseProvider;
  now: () => Date;
  /** A reminder whose task has been due for longer than this is recorded as missed, not fired. */
  graceMs: number;
  batchSize?: number;
  /** Fired late by more than this counts as `late` in the event (e.g. missed while the service was down). */
  lateThresholdMs?: number;
  /** Called after each committed batch (wake the outbox relay, extend a job lock, ...). */
  onBatch?: () => void | Promise<void>;
}

export interface FiringResult {
  fired: number;
  missed: number;
  events: TaskEvent[];
}

interface DueRow {
  task_id: bigint | number | string;
}

/**
 * Fires every reminder whose time has come, in batches. Each batch is one transaction that claims the
 * due rows (FOR UPDATE SKIP LOCKED on PostgreSQL, so concurrent sweepers never take the same row),
 * writes one `reminder.due` event per reminder to the outbox and marks the rows fired. Either all of
 * that commits or none of it does: a crash mid-batch leaves the reminders due for the next sweep, and
 * a reminder can never fire twice.
 */
export async function fireDueReminders(deps: FireDueRemindersDeps): Promise<FiringResult> {
  const batchSize = deps.batchSize ?? 1000;
  const result: FiringResult = { fired: 0, missed: 0, events: [] };
  for (;;) {
    const batch = await deps.db.$transaction((tx) => fireBatch(tx, deps, batchSize), { timeout: 60_000, maxWait: 30_000 });
    result.fired += batch.fired;
    result.missed += batch.missed;
    result.events.push(...batch.events);
    if (batch.claimed > 0) await deps.onBatch?.();
    if (batch.claimed < batchSize) return result;
  }
}

async function fireBatch(tx: Tx, deps: FireDueRemindersDeps, batchSize: number) {
  const now = deps.now();
  const lock = deps.provider === 'postgresql' ? 'FOR UPDATE SKIP LOCKED' : '';
  const due = await tx.$queryRawUnsafe<DueRow[]>(
    `SELECT task_id FROM reminders WHERE state = 'scheduled' AND fire_at <= ${param(deps.provider, 1)}
     ORDER BY fire_at LIMIT ${batchSize} ${lock}`,
    deps.provider === 'postgresql' ? now : now.getTime(),
  );
  if (due.length === 0) return { claimed: 0, fired: 0, missed: 0, events: [] };
  const ids = due.map((row) => BigInt(row.task_id));
  const reminders = await tx.reminder.findMany({ where: { taskId: { in: ids } }, include: { task: true } });

  const missedBefore = now.getTime() - deps.graceMs;
  const lateThreshold = deps.lateThresholdMs ?? 5_000;
  const missed = reminders.filter((r) => r.dueAt.getTime() < missedBefore);
  const firing = reminders.filter((r) => r.dueAt.getTime() >= missedBefore);

  const events = firing.map((reminder) => {
    const lateMs = Math.max(0, now.getTime() - reminder.fireAt.getTime());
    return buildEvent(
      {
        type: 'reminder.due',
        userId: reminder.userId,
        task: toTaskView(reminder.task),
        reminder: {
          offsetMinutes: reminder.offsetMinutes,
          plannedAt: reminder.fireAt.toISOString(),
          firedAt: now.toISOString(),
          lateSeconds: Math.round(lateMs / 100) / 10,
          late: lateMs > lateThreshold,
        },
      },
      now,
    );
  });
  if (events.length > 0) await tx.event.createMany({ data: events.map(eventRow) });
  if (firing.length > 0) await markFired(tx, deps.provider, firing.map((r) => r.taskId), now);
  if (missed.length > 0) {
    await tx.reminder.updateMany({
      where: { taskId: { in: missed.map((r) => r.taskId) } },
      data: { state: 'missed', updatedAt: now },
    });
  }
  return { claimed: due.length, fired: firing.length, missed: missed.length, events };
}

/** The n-th bind parameter: `$n` on PostgreSQL; SQLite through Prisma takes only anonymous `?`. */
function param(provider: DatabaseProvider, n: number): string {
  return provider === 'postgresql' ? `$${n}` : '?';
}

/** One statement for the whole batch; lateness is computed by the database from each row's fire_at. */
async function markFired(tx: Tx, provider: DatabaseProvider, taskIds: bigint[], now: Date) {
  const placeholders = taskIds.map((_, i) => param(provider, i + 2)).join(', ');
  if (provider === 'postgresql') {
    await tx.$executeRawUnsafe(
      `UPDATE reminders SET state = 'fired', fired_at = $1, updated_at = $1,
         late_ms = GREATEST(0, (EXTRACT(EPOCH FROM ($1::timestamptz - fire_at)) * 1000)::integer)
       WHERE task_id IN (${placeholders})`,
      now,
      ...taskIds,
    );
    return;
  }
  const millis = now.getTime();
  await tx.$executeRawUnsafe(
    `UPDATE reminders SET state = 'fired', fired_at = ?, updated_at = ?, late_ms = MAX(0, ? - fire_at)
     WHERE task_id IN (${placeholders})`,
    millis,
    millis,
    millis,
    ...taskIds,
  );
}
