import type BetterSqlite3 from 'better-sqlite3';
import { statementCache, writeImmediately } from '../../db/sqlite-writer.js';
import { buildEvent, eventRow } from '../../events/record-event.js';
import { planReminder } from '../../reminders/plan-reminder.js';
import type { StatusFilter } from '../list-tasks.js';
import type { ListedTaskView, TaskRecord } from '../task-view.js';
import { recordFromRow, VIEW_COLUMNS, viewFromRow, type RawTaskRow } from './task-rows.js';
import { taskCountSql, taskRowsSql, type SqlStatement } from './task-row-query.js';
import type { CompleteTaskRow, NewTaskRow, TaskStore } from './task-store.js';

const statusCondition = (status: StatusFilter) => (status === 'all' ? '' : 'AND status = @status');

/**
 * SQLite: reads on a read-only WAL connection; writes on Prisma's own connection, as one synchronous
 * transaction. Prisma's interactive transactions also run on that connection, so a write waits until
 * none is open: running inside one would make our commit depend on someone else's.
 */
export function createSqliteTaskStore(
  writer: BetterSqlite3.Database,
  reader: BetterSqlite3.Database,
  onRead: (sql: string) => void,
): TaskStore {
  const listStatements = new Map<string, { dated: BetterSqlite3.Statement; undated: BetterSqlite3.Statement }>();
  const listFor = (status: StatusFilter) => {
    let statements = listStatements.get(status);
    if (!statements) {
      statements = {
        dated: reader.prepare(
          `SELECT ${VIEW_COLUMNS} FROM tasks WHERE user_id = @userId ${statusCondition(status)}
           AND due_at IS NOT NULL ORDER BY due_at, id LIMIT @limit`,
        ),
        undated: reader.prepare(
          `SELECT ${VIEW_COLUMNS} FROM tasks WHERE user_id = @userId ${statusCondition(status)}
           AND due_at IS NULL ORDER BY id LIMIT @limit`,
        ),
      };
      listStatements.set(status, statements);
    }
    return statements;
  };

  const insertTask = writer.prepare(
    `INSERT INTO tasks (user_id, title, description, due_at, priority, status, created_at, updated_at, remind_before, recurrence, due_local)
     VALUES (@userId, @title, @description, @dueAt, @priority, 'pending', @now, @now, @remindBefore, @recurrence, @dueLocal) RETURNING *`,
  );
  const insertReminder = writer.prepare(
    `INSERT INTO reminders (task_id, user_id, offset_minutes, due_at, fire_at, state, updated_at)
     VALUES (@taskId, @userId, @offset, @dueAt, @fireAt, 'scheduled', @now)`,
  );
  const insertEvent = writer.prepare(
    'INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES (@id, @type, @userId, @taskId, @occurredAt, @payload)',
  );
  const createAll = writer.transaction(({ userId, fields, now }: NewTaskRow): TaskRecord => {
    const task = recordFromRow(
      insertTask.get({
        userId,
        title: fields.title,
        description: fields.description,
        dueAt: fields.dueAt?.getTime() ?? null,
        priority: fields.priority,
        now: now.getTime(),
        remindBefore: fields.remindBefore,
        recurrence: fields.recurrence,
        dueLocal: fields.dueLocal,
      }) as RawTaskRow,
    );
    const plan = planReminder(task, now);
    if (plan) {
      insertReminder.run({
        taskId: task.id,
        userId,
        offset: plan.offsetMinutes,
        dueAt: plan.dueAt.getTime(),
        fireAt: plan.fireAt.getTime(),
        now: now.getTime(),
      });
    }
    const event = eventRow(buildEvent({ type: 'task.created', userId, task }, now));
    insertEvent.run({ ...event, occurredAt: event.occurredAt.getTime() });
    return task;
  });

  const completePending = writer.prepare(
    `UPDATE tasks SET status = 'completed', completed_at = @now, updated_at = @now
     WHERE id = @taskId AND user_id = @userId AND status = 'pending' AND recurrence IS NULL RETURNING *`,
  );
  const findTask = writer.prepare('SELECT * FROM tasks WHERE id = @taskId AND user_id = @userId');
  const cancelReminder = writer.prepare(
    "UPDATE reminders SET state = 'cancelled', updated_at = @now WHERE task_id = @taskId AND state = 'scheduled'",
  );
  const completeAll = writer.transaction(({ userId, taskId, now }: CompleteTaskRow) => {
    const completed = completePending.get({ taskId, userId, now: now.getTime() }) as RawTaskRow | undefined;
    if (!completed) {
      const existing = findTask.get({ taskId, userId }) as RawTaskRow | undefined;
      return existing ? { task: recordFromRow(existing), changed: false } : null;
    }
    const task = recordFromRow(completed);
    cancelReminder.run({ taskId, now: now.getTime() });
    const event = eventRow(buildEvent({ type: 'task.completed', userId, task }, now));
    insertEvent.run({ ...event, occurredAt: event.occurredAt.getTime() });
    return { task, changed: true };
  });

  // A few dozen shapes at most (filters × orders × keyset or not), each prepared once.
  const preparedRead = statementCache(reader);
  const statementFor = ({ text }: SqlStatement) => {
    onRead(text);
    return preparedRead(text);
  };

  return {
    async listTaskViews(userId: string, status: StatusFilter, limit: number): Promise<ListedTaskView[]> {
      const statements = listFor(status);
      onRead(statements.dated.source);
      const dated = (statements.dated.all({ userId, status, limit }) as RawTaskRow[]).map(viewFromRow);
      if (dated.length === limit) return dated;
      onRead(statements.undated.source);
      const undated = statements.undated.all({ userId, status, limit: limit - dated.length }) as RawTaskRow[];
      return [...dated, ...undated.map(viewFromRow)];
    },
    async selectTasks(query) {
      const sql = taskRowsSql('sqlite', query);
      return (statementFor(sql).all(...sql.values) as RawTaskRow[]).map(recordFromRow);
    },
    async countTasks(filter) {
      const sql = taskCountSql('sqlite', filter);
      return Number((statementFor(sql).get(...sql.values) as { count: number | bigint }).count);
    },
    insertTask: (row) => writeImmediately(writer, createAll, row),
    completeTask: (row) => writeImmediately(writer, completeAll, row),
  };
}
