import { createHash } from 'node:crypto';
import type pg from 'pg';
import { taskNotFound } from '../../errors.js';
import { buildEvents, eventRow } from '../../events/record-event.js';
import { decideAccess } from '../../lists/list-access.js';
import { planReminders } from '../../reminders/plan-reminder.js';
import { labelKey, labelsColumn, readLabelsColumn } from '../task-labels.js';
import { decideNewTaskList } from './member-rows.js';
import { createPostgresViewReads } from './postgres-view-reads.js';
import { calendarTaskFromRow, calendarTasksSql, recordFromRow, type RawCalendarTaskRow, type RawTaskRow } from './task-rows.js';
import { taskCountSql, taskRowsSql, type SqlStatement, type TaskRowQuery } from './task-row-query.js';
import type { MemberRow, TaskStore } from './task-store.js';

/** Runs work in one transaction on one pooled client. */
async function runInTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has no listener of the pool's: a connection the server drops mid-transaction
  // emits 'error' here, and unheard that would end the process. The failed query rejects anyway.
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  client.on('error', onLost);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    if (!lost) {
      await client.query('ROLLBACK').catch((rollbackFailed: Error) => {
        lost = rollbackFailed;
      });
    }
    throw error;
  } finally {
    // A broken connection is destroyed (keeping the listener for its last words) rather than handed to
    // the next caller.
    if (lost) client.release(lost);
    else {
      client.off('error', onLost);
      client.release();
    }
  }
}

/** PostgreSQL: the same pool Prisma uses; each create is one transaction on one pooled client. */
export function createPostgresTaskStore(pool: pg.Pool, onRead: (sql: string) => void): TaskStore {
  // Named by their text, so each shape is prepared once per connection (a few dozen shapes at most).
  const names = new Map<string, string>();
  const named = ({ text, values }: SqlStatement) => {
    onRead(text);
    let name = names.get(text);
    if (name === undefined) names.set(text, (name = `tasks-${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`));
    return { name, text, values };
  };

  const inTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => runInTransaction(pool, work);

  const insertEvents = async (client: pg.PoolClient, events: ReturnType<typeof buildEvents>) => {
    for (const event of events.map(eventRow)) {
      await client.query({
        name: 'insert-event',
        text: 'INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES ($1, $2, $3, $4, $5, $6)',
        values: [event.id, event.type, event.userId, event.taskId.toString(), event.occurredAt, event.payload],
      });
    }
  };

  const select = async (query: TaskRowQuery): Promise<RawTaskRow[]> => {
    if (query.listIds.length === 0) return [];
    return (await pool.query<RawTaskRow>(named(taskRowsSql('postgresql', query)))).rows;
  };

  const membersOfList = async (client: pg.PoolClient, listId: bigint) =>
    (
      await client.query<MemberRow>({
        name: 'members-of-list',
        text: 'SELECT list_id, user_id, role FROM list_members WHERE list_id = $1',
        values: [listId.toString()],
      })
    ).rows;

  return {
    provider: 'postgresql',
    async memberListIds(userId) {
      const text = 'SELECT list_id FROM list_members WHERE user_id = $1 ORDER BY list_id';
      onRead(text);
      const { rows } = await pool.query<{ list_id: string }>({ name: 'member-list-ids', text, values: [userId] });
      return rows.map((row) => BigInt(row.list_id));
    },
    listTaskViews: createPostgresViewReads(pool, named),
    async selectTasks(query) {
      return (await select(query)).map(recordFromRow);
    },
    async listCalendarTasks(listId) {
      const text = calendarTasksSql('postgresql');
      onRead(text);
      const { rows } = await pool.query<RawCalendarTaskRow>({ name: 'calendar-tasks', text, values: [listId.toString()] });
      return rows.map(calendarTaskFromRow);
    },
    async countTasks(filter) {
      if (filter.listIds.length === 0) return 0;
      const { rows } = await pool.query<{ count: string }>(named(taskCountSql('postgresql', filter)));
      return Number(rows[0]!.count);
    },
    insertTask: ({ userId, listId, fields, now, via, calendarObject: object }) =>
      inTransaction(async (client) => {
        const members = await client.query<MemberRow>({
          name: 'members-of-list-or-inbox',
          text: `SELECT list_id, user_id, role FROM list_members
                 WHERE list_id = COALESCE($1::bigint, (SELECT id FROM lists WHERE owner_id = $2 AND inbox))`,
          values: [listId?.toString() ?? null, userId],
        });
        const target = decideNewTaskList(members.rows, userId, listId !== null, fields.assigneeId);
        if (!target) return null;
        const { rows } = await client.query<RawTaskRow>({
          name: 'insert-task',
          text: `INSERT INTO tasks (user_id, list_id, assignee_id, title, description, due_at, priority, status, created_at, updated_at, remind_before, reminder_specs, recurrence, due_local)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8, $9, $10, $11, $12) RETURNING *`,
          values: [
            ...[userId, target.listId.toString(), fields.assigneeId, fields.title, fields.description, fields.dueAt, fields.priority, now],
            ...[fields.remindBefore, fields.reminderSpecs, fields.recurrence, fields.dueLocal],
          ],
        });
        const task = recordFromRow(rows[0]!);
        if (object) {
          const inserted = await client.query({
            name: 'insert-calendar-object',
            text: `INSERT INTO caldav_objects (task_id, user_id, uid, name, extra_ical, sequence, all_day, updated_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
            values: [task.id.toString(), userId, object.uid, object.name, object.extraIcal, object.sequence, object.allDay, now],
          });
          if (inserted.rowCount === 0) throw object.taken();
        }
        if (fields.labels.length > 0) {
          await client.query({
            name: 'insert-labels',
            text: `INSERT INTO task_labels (task_id, label, label_key, position)
                   SELECT $1, label, key, position - 1 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS l(label, key, position)`,
            values: [task.id.toString(), fields.labels, fields.labels.map(labelKey)],
          });
        }
        for (const plan of planReminders(task, now)) {
          if (!plan) continue;
          await client.query({
            name: 'insert-reminder',
            text: `INSERT INTO reminders (task_id, slot, kind, user_id, offset_minutes, due_at, fire_at, nag_every, nag_times, state, updated_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'scheduled', $10)`,
            values: [task.id.toString(), plan.slot, plan.kind, userId, plan.offsetMinutes, plan.dueAt, plan.fireAt, plan.nagEvery, plan.nagTimes, now],
          });
        }
        await insertEvents(client, buildEvents({ type: 'task.created', actor: userId, via, recipients: target.recipients, task, labels: fields.labels }, now));
        return task;
      }),

    completeTask: ({ userId, taskId, now, via }) =>
      inTransaction(async (client) => {
        const id = taskId.toString();
        const found = await client.query<RawTaskRow & { caller_role: string | null }>({
          name: 'find-task-with-role',
          text: `SELECT t.*, m.role AS caller_role, ${labelsColumn('postgresql', 't')} FROM tasks t
                 LEFT JOIN list_members m ON m.list_id = t.list_id AND m.user_id = $2 WHERE t.id = $1`,
          values: [id, userId],
        });
        const current = found.rows[0];
        if (!current || current.caller_role === null) return null;
        decideAccess(current.caller_role, 'complete', taskNotFound);
        const { rows } = await client.query<RawTaskRow>({
          name: 'complete-task',
          text: `UPDATE tasks SET status = 'completed', completed_at = $2, updated_at = $2
                 WHERE id = $1 AND status = 'pending' AND recurrence IS NULL RETURNING *`,
          values: [id, now],
        });
        if (rows.length === 0) return { task: recordFromRow(current), changed: false };
        const task = recordFromRow(rows[0]!);
        await client.query({
          name: 'cancel-reminder',
          text: "UPDATE reminders SET state = 'cancelled', updated_at = $2 WHERE task_id = $1 AND state = 'scheduled'",
          values: [id, now],
        });
        const recipients = (await membersOfList(client, task.listId)).map((m) => m.user_id);
        await insertEvents(client, buildEvents({ type: 'task.completed', actor: userId, via, recipients, task, labels: readLabelsColumn(current.labels) }, now));
        return { task, changed: true };
      }),
  };
}
