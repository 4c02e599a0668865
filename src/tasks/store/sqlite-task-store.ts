import type BetterSqlite3 from 'better-sqlite3';
import { statementCache, writeImmediately } from '../../db/sqlite-writer.js';
import { taskNotFound } from '../../errors.js';
import { buildEvents, eventRow } from '../../events/record-event.js';
import { decideAccess } from '../../lists/list-access.js';
import { planReminders } from '../../reminders/plan-reminder.js';
import { labelKey, labelsColumn, readLabelsColumn } from '../task-labels.js';
import type { ListedTaskView, StatusFilter, TaskRecord } from '../task-view.js';
import { decideNewTaskList, MEMBERS_OF_LIST_OR_INBOX } from './member-rows.js';
import { calendarTaskFromRow, calendarTasksSql, recordFromRow, viewColumns, viewFromRow, viewRowFromArray, type RawCalendarTaskRow, type RawTaskRow } from './task-rows.js';
import { boundedMergeIds } from './bounded-merge.js';
import { sqliteTasksByIdsSql, taskCountSql, taskRowsSql, type SqlStatement, type TaskRowQuery } from './task-row-query.js';
import type { CompleteTaskRow, MemberRow, NewTaskRow, TaskStore } from './task-store.js';

/** Reads the ids of the lists a user is a member of, in id order. */
function memberListIdsReader(reader: BetterSqlite3.Database, onRead: (sql: string) => void) {
  const statement = reader.prepare('SELECT list_id FROM list_members WHERE user_id = ? ORDER BY list_id');
  return (userId: string) => {
    onRead(statement.source);
    return (statement.all(userId) as Array<{ list_id: number | bigint }>).map((row) => BigInt(row.list_id));
  };
}

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
  const insertTask = writer.prepare(
    `INSERT INTO tasks (user_id, list_id, assignee_id, title, description, due_at, priority, status, created_at, updated_at, remind_before, reminder_specs, recurrence, due_local)
     VALUES (@userId, @listId, @assigneeId, @title, @description, @dueAt, @priority, 'pending', @now, @now, @remindBefore, @reminderSpecs, @recurrence, @dueLocal) RETURNING *`,
  );
  const insertLabel = writer.prepare('INSERT INTO task_labels (task_id, label, label_key, position) VALUES (?, ?, ?, ?)');
  const insertReminder = writer.prepare(
    `INSERT INTO reminders (task_id, slot, kind, user_id, offset_minutes, due_at, fire_at, nag_every, nag_times, state, updated_at)
     VALUES (@taskId, @slot, @kind, @userId, @offset, @dueAt, @fireAt, @nagEvery, @nagTimes, 'scheduled', @now)`,
  );
  const insertEvent = writer.prepare(
    'INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES (@id, @type, @userId, @taskId, @occurredAt, @payload)',
  );
  const insertCalendarObject = writer.prepare(
    `INSERT INTO caldav_objects (task_id, user_id, uid, name, extra_ical, sequence, all_day, updated_at)
     VALUES (@taskId, @userId, @uid, @name, @extraIcal, @sequence, @allDay, @now) ON CONFLICT DO NOTHING`,
  );
  const membersOfListOrInbox = writer.prepare(MEMBERS_OF_LIST_OR_INBOX);
  const membersOfList = writer.prepare('SELECT list_id, user_id, role FROM list_members WHERE list_id = @listId');
  const writeEvents = (events: ReturnType<typeof buildEvents>) => {
    for (const event of events.map(eventRow)) insertEvent.run({ ...event, occurredAt: event.occurredAt.getTime() });
  };

  const createAll = writer.transaction(({ userId, listId, fields, now, via, calendarObject: object }: NewTaskRow): TaskRecord | null => {
    const members = membersOfListOrInbox.all({ listId, userId }) as MemberRow[];
    const target = decideNewTaskList(members, userId, listId !== null, fields.assigneeId);
    if (!target) return null;
    const task = recordFromRow(
      insertTask.get({
        userId,
        listId: target.listId,
        assigneeId: fields.assigneeId,
        title: fields.title,
        description: fields.description,
        dueAt: fields.dueAt?.getTime() ?? null,
        priority: fields.priority,
        now: now.getTime(),
        remindBefore: fields.remindBefore,
        reminderSpecs: fields.reminderSpecs,
        recurrence: fields.recurrence,
        dueLocal: fields.dueLocal,
      }) as RawTaskRow,
    );
    if (object) {
      const { uid, name, extraIcal, sequence } = object;
      const row = { taskId: task.id, userId, uid, name, extraIcal, sequence, allDay: object.allDay ? 1 : 0, now: now.getTime() };
      if (insertCalendarObject.run(row).changes === 0) throw object.taken();
    }
    fields.labels.forEach((label, position) => insertLabel.run(task.id, label, labelKey(label), position));
    for (const plan of planReminders(task, now)) {
      if (!plan) continue;
      insertReminder.run({
        taskId: task.id,
        slot: plan.slot,
        kind: plan.kind,
        userId,
        offset: plan.offsetMinutes,
        dueAt: plan.dueAt.getTime(),
        fireAt: plan.fireAt.getTime(),
        nagEvery: plan.nagEvery,
        nagTimes: plan.nagTimes,
        now: now.getTime(),
      });
    }
    writeEvents(buildEvents({ type: 'task.created', actor: userId, via, recipients: target.recipients, task, labels: fields.labels }, now));
    return task;
  });

  const findTaskWithRole = writer.prepare(
    `SELECT t.*, m.role AS caller_role, ${labelsColumn('sqlite', 't')} FROM tasks t
     LEFT JOIN list_members m ON m.list_id = t.list_id AND m.user_id = @userId WHERE t.id = @taskId`,
  );
  const completePending = writer.prepare(
    `UPDATE tasks SET status = 'completed', completed_at = @now, updated_at = @now
     WHERE id = @taskId AND status = 'pending' AND recurrence IS NULL RETURNING *`,
  );
  const cancelReminder = writer.prepare(
    "UPDATE reminders SET state = 'cancelled', updated_at = @now WHERE task_id = @taskId AND state = 'scheduled'",
  );
  const completeAll = writer.transaction(({ userId, taskId, now, via }: CompleteTaskRow) => {
    const current = findTaskWithRole.get({ taskId, userId }) as (RawTaskRow & { caller_role: string | null; labels: unknown }) | undefined;
    if (!current || current.caller_role === null) return null;
    decideAccess(current.caller_role, 'complete', taskNotFound);
    const completed = completePending.get({ taskId, now: now.getTime() }) as RawTaskRow | undefined;
    if (!completed) return { task: recordFromRow(current), changed: false };
    const task = recordFromRow(completed);
    cancelReminder.run({ taskId, now: now.getTime() });
    const recipients = (membersOfList.all({ listId: task.listId }) as MemberRow[]).map((m) => m.user_id);
    writeEvents(buildEvents({ type: 'task.completed', actor: userId, via, recipients, task, labels: readLabelsColumn(current.labels) }, now));
    return { task, changed: true };
  });

  // A few dozen shapes at most (filters × orders × keyset or not × list counts), each prepared once.
  const preparedRead = statementCache(reader);
  const statementFor = ({ text }: SqlStatement) => {
    onRead(text);
    return preparedRead(text);
  };
  const readMemberListIds = memberListIdsReader(reader, onRead);
  const calendarTasks = reader.prepare(calendarTasksSql('sqlite'));

  const heads = (sql: SqlStatement) => statementFor(sql).raw(true).all(...sql.values) as unknown[][];
  /** The rows of a read, as objects or (raw) as arrays in the order of its columns. */
  const rowsOf = (query: TaskRowQuery, raw: boolean): unknown[] => {
    if (query.listIds.length === 0) return [];
    const ids = boundedMergeIds(query, heads);
    if (ids) {
      if (ids.length === 0) return [];
      const text = sqliteTasksByIdsSql(query.columns ?? '*', query.order);
      return statementFor({ text, values: [] }).raw(raw).all(JSON.stringify(ids));
    }
    const sql = taskRowsSql('sqlite', query);
    return statementFor(sql).raw(raw).all(...sql.values);
  };
  const select = (query: TaskRowQuery) => rowsOf(query, false) as RawTaskRow[];
  const selectViews = (query: Omit<TaskRowQuery, 'columns'>) =>
    (rowsOf({ ...query, columns: viewColumns('sqlite') }, true) as unknown[][]).map((row) => viewFromRow(viewRowFromArray(row)));

  return {
    provider: 'sqlite',
    memberListIds: async (userId) => readMemberListIds(userId),
    async listTaskViews({ memberOf, ...rest }, limit): Promise<ListedTaskView[]> {
      const filter = { ...rest, listIds: memberOf === undefined ? rest.listIds! : readMemberListIds(memberOf) };
      const dated = selectViews({ ...filter, due: { dated: true }, order: { keys: ['due_at', 'id'], direction: 'asc' }, limit });
      if (dated.length === limit) return dated;
      const undated = selectViews({ ...filter, due: { dated: false }, order: { keys: ['id'], direction: 'asc' }, limit: limit - dated.length });
      return [...dated, ...undated];
    },
    async selectTasks(query) {
      return select(query).map(recordFromRow);
    },
    async listCalendarTasks(listId) {
      onRead(calendarTasks.source);
      return (calendarTasks.all(listId) as RawCalendarTaskRow[]).map(calendarTaskFromRow);
    },
    async countTasks(filter) {
      if (filter.listIds.length === 0) return 0;
      const sql = taskCountSql('sqlite', filter);
      return Number((statementFor(sql).get(...sql.values) as { count: number | bigint }).count);
    },
    insertTask: (row) => writeImmediately(writer, createAll, row),
    completeTask: (row) => writeImmediately(writer, completeAll, row),
  };
}
