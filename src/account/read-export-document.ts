import { AppError, invalidRequest } from '../errors.js';
import { validateInstant } from '../tasks/task-input.js';
import type { Priority } from '../tasks/task-view.js';
import { validateTimeZone } from '../users/time-zone.js';
import { EXPORT_FORMAT } from './export-account.js';
import { importKeyOf, numberRepeatedKeys } from './import-key.js';
import { noneConverted, noneDropped, type ImportDropped, type ImportedList, type ImportPlan } from './import-plan.js';
import { validateListColor, validateListName } from '../lists/list-input.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const countOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** An instant of the document, read as the REST interface reads dueAt; a 400 naming where it is otherwise. */
function readInstant(where: string, raw: unknown): Date {
  if (typeof raw !== 'string') throw invalidRequest(`${where} must be an RFC 3339 date-time string`);
  try {
    return validateInstant(where, raw);
  } catch (error) {
    throw error instanceof AppError ? invalidRequest(error.message) : error;
  }
}

function readTimeZone(user: unknown): string | null {
  if (!isObject(user) || user.timeZone === undefined || user.timeZone === null) return null;
  try {
    return validateTimeZone(user.timeZone);
  } catch (error) {
    throw error instanceof AppError ? invalidRequest(`user.${error.message}`) : error;
  }
}

/** A field of the document checked as a list's would be; a 400 naming where it is otherwise. */
function checked<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw error instanceof AppError ? invalidRequest(`${where}: ${error.message}`) : error;
  }
}

/**
 * The document's lists (a document from before lists has none: its tasks go into the Inbox). Other
 * members of a list are counted as dropped: an import does not invite anyone.
 */
function readLists(raw: unknown, account: unknown, dropped: ImportDropped): ImportedList[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidRequest('lists must be an array');
  return raw.map((list: unknown, index): ImportedList => {
    const where = `lists[${index}]`;
    if (!isObject(list)) throw invalidRequest(`${where} is not an object`);
    if (typeof list.id !== 'number' && typeof list.id !== 'string') throw invalidRequest(`${where}.id must be a number or a string`);
    if (Array.isArray(list.memberIds)) dropped.members += list.memberIds.filter((id) => id !== account).length;
    return {
      ref: String(list.id),
      name: checked(`${where}.name`, () => validateListName(list.name)),
      color: checked(`${where}.color`, () => validateListColor(list.color)),
      inbox: list.inbox === true,
    };
  });
}

/**
 * The tasks of a `tickler.export/1` document (GET /me/export) with their lists, labels and priorities,
 * and its `user.timeZone`. Completed-
 * occurrence history, webhook endpoints, push subscriptions and the calendar feed are not imported and
 * are counted as dropped. Every date read is checked here or by validateNewTask; a bad one is a 400.
 */
export function readExportDocument(document: unknown): ImportPlan {
  if (!isObject(document) || document.format !== EXPORT_FORMAT) throw invalidRequest(`The document is not a ${EXPORT_FORMAT} export`);
  if (!Array.isArray(document.tasks)) throw invalidRequest('The export has no tasks array');
  const account = isObject(document.user) ? document.user.id : undefined;
  const dropped = noneDropped();
  const lists = readLists(document.lists, account, dropped);
  const refs = new Set(lists.map((list) => list.ref));
  const keys: string[] = [];
  const tasks = document.tasks.map((task: unknown, index) => {
    if (!isObject(task)) throw invalidRequest(`tasks[${index}] is not an object`);
    const status = task.status ?? 'pending';
    if (status !== 'pending' && status !== 'completed') throw invalidRequest(`tasks[${index}].status must be "pending" or "completed"`);
    const completed = status === 'completed';
    if (completed && (task.completedAt === undefined || task.completedAt === null)) {
      throw invalidRequest(`tasks[${index}].completedAt is required for a completed task`);
    }
    const completedAt = task.completedAt === undefined || task.completedAt === null ? null : readInstant(`tasks[${index}].completedAt`, task.completedAt);
    dropped.completions += countOf(task.completions);
    if (task.assigneeId !== undefined && task.assigneeId !== null) dropped.assignees += 1;
    const listRef = task.listId === undefined || task.listId === null ? null : String(task.listId as string | number);
    // A task of an exported account is the same task in a later export of it, whatever changed since.
    const identified = typeof account === 'string' && (typeof task.id === 'number' || typeof task.id === 'string');
    keys.push(importKeyOf('tickler', identified ? { account, id: String(task.id), createdAt: task.createdAt ?? null } : task));
    return {
      input: {
        title: task.title as string,
        description: (task.description ?? undefined) as string | undefined,
        dueAt: (task.dueAt ?? null) as string | null,
        priority: (task.priority ?? undefined) as Priority | undefined,
        // A completed task keeps no reminder; an export with reminder lists gives the whole list.
        ...(Array.isArray(task.reminders) && task.reminders.length > 0
          ? { reminders: completed ? [] : (task.reminders as unknown[]) }
          : { remindBefore: completed ? null : ((task.remindBefore ?? null) as number | null) }),
        recurrence: (task.recurrence ?? null) as string | null,
        labels: (task.labels ?? null) as string[] | null,
      },
      completedAt: completed ? completedAt : null,
      importKey: '',
      // A task of a list the document does not hold goes into the Inbox.
      listRef: listRef !== null && refs.has(listRef) ? listRef : null,
    };
  });
  numberRepeatedKeys(keys).forEach((key, index) => {
    tasks[index]!.importKey = key;
  });
  dropped.webhookEndpoints = countOf(document.webhookEndpoints);
  dropped.pushSubscriptions = countOf(document.pushSubscriptions);
  dropped.calendarFeed = isObject(document.calendarFeed) && document.calendarFeed.enabled === true ? 1 : 0;
  return { tasks, lists, documentTimeZone: readTimeZone(document.user), converted: noneConverted(), dropped, rows: [], rowsNotListed: 0 };
}
