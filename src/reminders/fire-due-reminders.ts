import type { DatabaseProvider } from '../config.js';
import type { Db, Tx } from '../db/database.js';
import { instantParam, readInstant, valuesList } from '../db/raw-sql.js';
import { parameterList } from '../db/sql-program.js';
import { yieldTurn } from '../db/take-turns.js';
import { buildEvent, eventRow } from '../events/record-event.js';
import type { TaskEvent } from '../events/task-event.js';
import { recordFromRow } from '../tasks/store/task-rows.js';
import { labelsColumn, readLabelsColumn } from '../tasks/task-labels.js';
import type { TaskRecord } from '../tasks/task-view.js';

export interface FireDueRemindersDeps {
  db: Db;
  provider: DatabaseProvider;
  now: () => Date;
  /** A reminder whose task has been due for longer than this is recorded as missed, not fired. */
  graceMs: number;
  batchSize?: number;
  /** Fired late by more than this counts as `late` in the event (e.g. missed while the service was down). */
  lateThresholdMs?: number;
  /**
   * Whether the result lists every event fired (default true). The sweep job leaves it off: a spike of a
   * million reminders would otherwise hold a million events in memory; it sees each batch in onBatch.
   */
  collectEvents?: boolean;
  /** Checked between batches: once true (the service is stopping), what is still due is left for the next sweep. */
  stopped?: () => boolean;
  /** Called after each committed batch (wake the outbox relay, extend a job lock, count and log, ...). */
  onBatch?: (batch: CommittedBatch) => void | Promise<void>;
}

/** A reminder recorded as missed: its task was due longer than the grace period when it could fire. */
export interface MissedReminder {
  taskId: string;
  userId: string;
  /** Which of the task's reminders. */
  slot: number;
  offsetMinutes: number;
  /** When the task was due. */
  dueAt: Date;
}

export interface CommittedBatch {
  /** The `reminder.due` events of the reminders fired. */
  fired: TaskEvent[];
  missed: MissedReminder[];
}

export interface FiringResult {
  fired: number;
  missed: number;
  events: TaskEvent[];
}

interface DueRow {
  /** On PostgreSQL, the state the claim gave the row (fired, missed, or scheduled again to nag); absent on SQLite. */
  state?: string;
  /** On PostgreSQL, the fire time the claim found (fire_at is the next ring's for a nag); absent on SQLite. */
  planned_at?: unknown;
  /** On PostgreSQL, which ring this was (0: the first; n: the nth again); on SQLite computed from nag_rung. */
  ring?: number | bigint;
  id: bigint | number | string;
  slot: number | bigint;
  kind: string;
  nag_every: number | bigint | null;
  nag_times: number | bigint | null;
  nag_rung: number | bigint;
  task_id: bigint | number | string;
  user_id: string;
  /** The task's creator (tasks.user_id); user_id is who the schedule was made for (recipient_id decides who hears it). */
  creator_id: string;
  list_id: bigint | number | string;
  assignee_id: string | null;
  /** Who the reminder reaches: the assignee, else the creator while a member of the list, else the list's owner. */
  recipient_id: string;
  offset_minutes: number | bigint;
  reminder_due_at: unknown;
  snoozed_until: unknown;
  fire_at: unknown;
  title: string;
  description: string;
  due_at: unknown;
  priority: string;
  status: string;
  remind_before: number | bigint | null;
  recurrence: string | null;
  created_at: unknown;
  updated_at: unknown;
  completed_at: unknown;
  labels: unknown;
}

/**
 * Fires every reminder whose time has come, in batches. Each batch is one transaction that claims the
 * due rows (FOR UPDATE SKIP LOCKED on PostgreSQL, so concurrent sweepers never take the same row),
 * writes one `reminder.due` event per reminder to the outbox and marks the rows fired. Either all of
 * that commits or none of it does: a crash mid-batch leaves the reminders due for the next sweep, and
 * a reminder can never fire twice. The statements are raw SQL: at a thousand rows a batch, compiling
 * them as structured Prisma queries cost more than running them.
 */
export async function fireDueReminders(deps: FireDueRemindersDeps): Promise<FiringResult> {
  const batchSize = deps.batchSize ?? 1000;
  const result: FiringResult = { fired: 0, missed: 0, events: [] };
  for (;;) {
    const batch = await deps.db.$transaction((tx) => fireBatch(tx, deps, batchSize), { timeout: 60_000, maxWait: 30_000 });
    result.fired += batch.fired;
    result.missed += batch.missed;
    if (deps.collectEvents ?? true) result.events.push(...batch.events);
    if (batch.claimed > 0) await deps.onBatch?.({ fired: batch.events, missed: batch.missedReminders });
    if (batch.claimed < batchSize || deps.stopped?.()) return result;
    // What this batch fired is fanned out and sent meanwhile, on SQLite in the same thread.
    await yieldTurn();
  }
}

function taskOf(row: DueRow): TaskRecord {
  return recordFromRow({ ...row, id: row.task_id, user_id: row.creator_id });
}

async function fireBatch(tx: Tx, deps: FireDueRemindersDeps, batchSize: number) {
  const { provider } = deps;
  const now = deps.now();
  const missedBefore = now.getTime() - deps.graceMs;
  const due = provider === 'postgresql' ? await claimOnPostgres(tx, now, missedBefore, batchSize) : await selectDueOnSqlite(tx, now, batchSize);
  if (due.length === 0) return { claimed: 0, fired: 0, missed: 0, events: [], missedReminders: [] };

  const lateThreshold = deps.lateThresholdMs ?? 5_000;
  // A snoozed reminder, or one ringing again (nag), is meant for its own time: it is missed only once that is far gone.
  const meantFor = (r: DueRow) => readInstant(r.snoozed_until ?? (Number(r.nag_rung) > 0 ? r.fire_at : r.reminder_due_at)).getTime();
  const isMissed = (r: DueRow) => (r.state === undefined ? meantFor(r) < missedBefore : r.state === 'missed');
  const missed = due.filter(isMissed);
  const firing = due.filter((r) => !isMissed(r));
  const nagging = firing.filter((r) => (r.state === undefined ? nagsAgain(r) : r.state === 'scheduled'));

  const events = firing.map((row) => {
    const plannedAt = readInstant(row.planned_at ?? row.fire_at);
    const lateMs = Math.max(0, now.getTime() - plannedAt.getTime());
    return buildEvent(
      {
        type: 'reminder.due',
        userId: row.recipient_id,
        actor: null,
        task: taskOf(row),
        labels: readLabelsColumn(row.labels),
        reminder: {
          offsetMinutes: Number(row.offset_minutes),
          plannedAt: plannedAt.toISOString(),
          firedAt: now.toISOString(),
          lateSeconds: Math.round(lateMs / 100) / 10,
          late: lateMs > lateThreshold,
          reminderId: String(row.id),
          slot: Number(row.slot),
          kind: row.kind === 'at' ? 'at' : 'before',
          ring: row.ring === undefined ? Number(row.nag_rung) : Number(row.ring),
        },
      },
      now,
    );
  });
  if (events.length > 0) await insertEvents(tx, provider, events);
  if (provider === 'sqlite') {
    const nags = new Set(nagging);
    const done = firing.filter((r) => !nags.has(r));
    if (done.length > 0) await markFiredOnSqlite(tx, done.map((r) => BigInt(r.id)), now);
    if (nagging.length > 0) await markNaggingOnSqlite(tx, nagging.map((r) => BigInt(r.id)), now);
    if (missed.length > 0) await markMissedOnSqlite(tx, missed.map((r) => BigInt(r.id)), now);
  }
  const missedReminders = missed.map((row) => ({
    taskId: String(row.task_id),
    userId: row.recipient_id,
    slot: Number(row.slot),
    offsetMinutes: Number(row.offset_minutes),
    dueAt: readInstant(row.reminder_due_at),
  }));
  return { claimed: due.length, fired: firing.length, missed: missed.length, events, missedReminders };
}

/**
 * One statement for the whole batch. On PostgreSQL the columns travel as six arrays (unnest): six bind
 * parameters instead of six per event, which PostgreSQL parses and binds much faster.
 */
async function insertEvents(tx: Tx, provider: DatabaseProvider, events: TaskEvent[]) {
  const rows = events.map(eventRow);
  if (provider === 'postgresql') {
    await tx.$executeRawUnsafe(
      `INSERT INTO events (id, type, user_id, task_id, occurred_at, payload)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::timestamptz[], $6::text[])`,
      rows.map((row) => row.id),
      rows.map((row) => row.type),
      rows.map((row) => row.userId),
      rows.map((row) => row.taskId),
      rows.map((row) => row.occurredAt),
      rows.map((row) => row.payload),
    );
    return;
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES ${valuesList(provider, rows.length, 6)}`,
    ...rows.flatMap((row) => [row.id, row.type, row.userId, row.taskId, instantParam(provider, row.occurredAt), row.payload]),
  );
}

/** Whether a reminder rings again after this ring: it nags, has rings left, is no snooze, and its task is pending. */
const nagsAgain = (r: DueRow) =>
  r.nag_every !== null && r.nag_times !== null && Number(r.nag_rung) < Number(r.nag_times) && r.snoozed_until === null && r.status === 'pending';

const dueColumns = (provider: DatabaseProvider) => `r.id, r.slot, r.kind, r.nag_every, r.nag_times, r.nag_rung, r.task_id, r.user_id, r.offset_minutes, r.due_at AS reminder_due_at, r.fire_at, r.snoozed_until,
  t.user_id AS creator_id, t.list_id, t.assignee_id, t.title, t.description, t.due_at, t.priority, t.status, t.remind_before, t.recurrence,
  t.created_at, t.updated_at, t.completed_at, ${labelsColumn(provider, 't')},
  ${RECIPIENT} AS recipient_id`;

/**
 * A reminder reaches the task's assignee (always a member: leaving a list unassigns); an unassigned
 * task's reaches its creator, or the list's owner once the creator is no longer in the list (a removed
 * member hears nothing more of it). Decided as it fires, so assigning never reschedules anything.
 */
const RECIPIENT = `COALESCE(t.assignee_id, CASE
    WHEN EXISTS (SELECT 1 FROM list_members m WHERE m.list_id = t.list_id AND m.user_id = t.user_id) THEN t.user_id
    ELSE (SELECT l.owner_id FROM lists l WHERE l.id = t.list_id) END)`;

/**
 * PostgreSQL claims and marks a batch in one statement: rows another sweeper holds are skipped, each row
 * becomes fired (lateness computed from its fire_at) or missed (meant for longer ago than the grace), and
 * comes back with its task for the event. One round trip and one pass over the rows fewer than
 * select-then-update, which counted in a spike of a million. The claimed ids go in as an array so the
 * rows are found through the primary key: joined to the CTE instead, the planner hashed the whole table
 * for every batch.
 */
async function claimOnPostgres(tx: Tx, now: Date, missedBefore: number, batchSize: number): Promise<DueRow[]> {
  const missed = 'COALESCE(r.snoozed_until, CASE WHEN r.nag_rung > 0 THEN r.fire_at ELSE r.due_at END) < $2';
  const nags = `(r.nag_every IS NOT NULL AND r.nag_rung < r.nag_times AND r.snoozed_until IS NULL AND t.status = 'pending')`;
  // SET sees the row as it was; RETURNING as it became: a nag's next ring is fire_at, so the ring just rung is recomputed.
  return tx.$queryRawUnsafe<DueRow[]>(
    `WITH due AS (
       SELECT id FROM reminders WHERE state = 'scheduled' AND fire_at <= $1
       ORDER BY fire_at LIMIT ${Math.trunc(batchSize)} FOR UPDATE SKIP LOCKED)
     UPDATE reminders r SET
       state = CASE WHEN ${missed} THEN 'missed' WHEN ${nags} THEN 'scheduled' ELSE 'fired' END,
       fired_at = CASE WHEN ${missed} THEN r.fired_at ELSE $1 END,
       late_ms = CASE WHEN ${missed} THEN r.late_ms ELSE GREATEST(0, (EXTRACT(EPOCH FROM ($1::timestamptz - r.fire_at)) * 1000)::integer) END,
       fire_at = CASE WHEN NOT ${missed} AND ${nags} THEN $1::timestamptz + make_interval(mins => r.nag_every) ELSE r.fire_at END,
       nag_rung = CASE WHEN NOT ${missed} AND ${nags} THEN r.nag_rung + 1 ELSE r.nag_rung END,
       updated_at = $1
     FROM tasks t
     WHERE r.id = ANY (ARRAY(SELECT id FROM due)) AND t.id = r.task_id
     RETURNING r.state,
       CASE WHEN r.state = 'scheduled' THEN r.fire_at - make_interval(mins => r.nag_every) ELSE r.fire_at END AS planned_at,
       CASE WHEN r.state = 'scheduled' THEN r.nag_rung - 1 ELSE r.nag_rung END AS ring,
       ${dueColumns('postgresql')}`,
    now,
    new Date(missedBefore),
  );
}

async function selectDueOnSqlite(tx: Tx, now: Date, batchSize: number): Promise<DueRow[]> {
  return tx.$queryRawUnsafe<DueRow[]>(
    `SELECT ${dueColumns('sqlite')}
     FROM reminders r JOIN tasks t ON t.id = r.task_id
     WHERE r.state = 'scheduled' AND r.fire_at <= ?
     ORDER BY r.fire_at LIMIT ${Math.trunc(batchSize)}`,
    now.getTime(),
  );
}

/** One statement for the whole batch; lateness is computed by the database from each row's fire_at. */
async function markFiredOnSqlite(tx: Tx, ids: bigint[], now: Date) {
  const millis = now.getTime();
  await tx.$executeRawUnsafe(
    `UPDATE reminders SET state = 'fired', fired_at = ?, updated_at = ?, late_ms = MAX(0, ? - fire_at)
     WHERE id IN (${parameterList(ids)})`,
    millis,
    millis,
    millis,
    ...ids,
  );
}

/** A nagging reminder stays scheduled: its next ring is `nag_every` minutes from now. */
async function markNaggingOnSqlite(tx: Tx, ids: bigint[], now: Date) {
  const millis = now.getTime();
  await tx.$executeRawUnsafe(
    `UPDATE reminders SET fired_at = ?, updated_at = ?, late_ms = MAX(0, ? - fire_at), fire_at = ? + nag_every * 60000, nag_rung = nag_rung + 1
     WHERE id IN (${parameterList(ids)})`,
    millis,
    millis,
    millis,
    millis,
    ...ids,
  );
}

async function markMissedOnSqlite(tx: Tx, ids: bigint[], now: Date) {
  await tx.$executeRawUnsafe(
    `UPDATE reminders SET state = 'missed', updated_at = ? WHERE id IN (${parameterList(ids)})`,
    now.getTime(),
    ...ids,
  );
}
