import { createHash } from 'node:crypto';
import type pg from 'pg';
import { buildEvent, eventRow } from '../../events/record-event.js';
import { planReminder } from '../../reminders/plan-reminder.js';
import type { StatusFilter } from '../list-tasks.js';
import type { ListedTaskView } from '../task-view.js';
import { recordFromRow, VIEW_COLUMNS, viewFromRow, type RawTaskRow } from './task-rows.js';
import { taskCountSql, taskRowsSql, type SqlStatement } from './task-row-query.js';
import type { TaskStore } from './task-store.js';

const statusCondition = (status: StatusFilter) => (status === 'all' ? '' : `AND status = $3`);

/** PostgreSQL: the same pool Prisma uses; each create is one transaction on one pooled client. */
export function createPostgresTaskStore(pool: pg.Pool, onRead: (sql: string) => void): TaskStore {
  const list = async (userId: string, status: StatusFilter, limit: number, dated: boolean) => {
    const params: unknown[] = [userId, limit, ...(status === 'all' ? [] : [status])];
    const text = `SELECT ${VIEW_COLUMNS} FROM tasks WHERE user_id = $1 ${statusCondition(status)}
             AND due_at IS ${dated ? 'NOT NULL ORDER BY due_at, id' : 'NULL ORDER BY id'} LIMIT $2`;
    onRead(text);
    const { rows } = await pool.query<RawTaskRow>({
      // Named, so the server keeps the plan (a prepared statement per connection).
      name: `list-tasks-${status}-${dated ? 'dated' : 'undated'}`,
      text,
      values: params,
    });
    return rows.map(viewFromRow);
  };

  // Named by their text, so each shape is prepared once per connection.
  const named = ({ text, values }: SqlStatement) => {
    onRead(text);
    return { name: `tasks-${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`, text, values };
  };

  const inTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
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
  };

  const insertEvent = (client: pg.PoolClient, event: ReturnType<typeof eventRow>) =>
    client.query({
      name: 'insert-event',
      text: 'INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES ($1, $2, $3, $4, $5, $6)',
      values: [event.id, event.type, event.userId, event.taskId.toString(), event.occurredAt, event.payload],
    });

  return {
    async listTaskViews(userId, status, limit): Promise<ListedTaskView[]> {
      const dated = await list(userId, status, limit, true);
      if (dated.length === limit) return dated;
      return [...dated, ...(await list(userId, status, limit - dated.length, false))];
    },
    async selectTasks(query) {
      const { rows } = await pool.query<RawTaskRow>(named(taskRowsSql('postgresql', query)));
      return rows.map(recordFromRow);
    },
    async countTasks(filter) {
      const { rows } = await pool.query<{ count: string }>(named(taskCountSql('postgresql', filter)));
      return Number(rows[0]!.count);
    },
    insertTask: ({ userId, fields, now }) =>
      inTransaction(async (client) => {
        const { rows } = await client.query<RawTaskRow>({
          name: 'insert-task',
          text: `INSERT INTO tasks (user_id, title, description, due_at, priority, status, created_at, updated_at, remind_before, recurrence, due_local)
                 VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6, $7, $8, $9) RETURNING *`,
          values: [userId, fields.title, fields.description, fields.dueAt, fields.priority, now, fields.remindBefore, fields.recurrence, fields.dueLocal],
        });
        const task = recordFromRow(rows[0]!);
        const plan = planReminder(task, now);
        if (plan) {
          await client.query({
            name: 'insert-reminder',
            text: `INSERT INTO reminders (task_id, user_id, offset_minutes, due_at, fire_at, state, updated_at)
                   VALUES ($1, $2, $3, $4, $5, 'scheduled', $6)`,
            values: [task.id.toString(), userId, plan.offsetMinutes, plan.dueAt, plan.fireAt, now],
          });
        }
        await insertEvent(client, eventRow(buildEvent({ type: 'task.created', userId, task }, now)));
        return task;
      }),

    completeTask: ({ userId, taskId, now }) =>
      inTransaction(async (client) => {
        const id = taskId.toString();
        const { rows } = await client.query<RawTaskRow>({
          name: 'complete-task',
          text: `UPDATE tasks SET status = 'completed', completed_at = $3, updated_at = $3
                 WHERE id = $1 AND user_id = $2 AND status = 'pending' AND recurrence IS NULL RETURNING *`,
          values: [id, userId, now],
        });
        if (rows.length === 0) {
          const existing = await client.query<RawTaskRow>({
            name: 'find-task',
            text: 'SELECT * FROM tasks WHERE id = $1 AND user_id = $2',
            values: [id, userId],
          });
          return existing.rows[0] ? { task: recordFromRow(existing.rows[0]), changed: false } : null;
        }
        const task = recordFromRow(rows[0]!);
        await client.query({
          name: 'cancel-reminder',
          text: "UPDATE reminders SET state = 'cancelled', updated_at = $2 WHERE task_id = $1 AND state = 'scheduled'",
          values: [id, now],
        });
        await insertEvent(client, eventRow(buildEvent({ type: 'task.completed', userId, task }, now)));
        return { task, changed: true };
      }),
  };
}
