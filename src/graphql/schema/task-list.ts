import { listTaskPage, PAGE_SIZE_DEFAULT, TASK_ORDERS, type TaskFilter as TaskFilterShape, type TaskPage } from '../../tasks/list-task-page.js';
import { listToday } from '../../tasks/list-today.js';
import type { TaskRecord } from '../../tasks/task-view.js';
import { validateInstant } from '../../tasks/task-input.js';
import { builder } from '../builder.js';
import { parseTaskId } from '../../tasks/task-input.js';
import { List } from './list.js';
import { Task, TaskPriority, TaskStatus } from './task.js';

const TaskOrder = builder.enumType('TaskOrder', {
  values: {
    DUE_AT_ASC: { value: 'DUE_AT_ASC', description: 'By due time, undated tasks last, then by id (default)' },
    CREATED_AT_ASC: { value: 'CREATED_AT_ASC', description: 'Oldest first' },
    CREATED_AT_DESC: { value: 'CREATED_AT_DESC', description: 'Newest first' },
  } as const satisfies Record<(typeof TASK_ORDERS)[number], unknown>,
});

const TaskFilter = builder.inputType('TaskFilter', {
  fields: (t) => ({
    status: t.field({ type: TaskStatus, description: 'Absent: every status' }),
    dueAfter: t.field({ type: 'DateTime', description: 'Due at or after this instant (undated tasks are left out)' }),
    dueBefore: t.field({ type: 'DateTime', description: 'Due before this instant (undated tasks are left out)' }),
    search: t.string({ description: 'Case-insensitive text in the title or description' }),
    list: t.id({ description: "Only this list's tasks (one the caller is in; NOT_FOUND otherwise)" }),
    label: t.string({ description: 'Only tasks carrying this label (any letter case)' }),
    priority: t.field({ type: TaskPriority, description: 'Only tasks of this priority' }),
    assignee: t.string({ description: 'Only tasks assigned to this user id, or to the caller with "me"' }),
  }),
});

const ListTaskFilter = builder.inputType('ListTaskFilter', {
  description: "TaskFilter without `list`: a list's own tasks are filtered.",
  fields: (t) => ({
    status: t.field({ type: TaskStatus, description: 'Absent: every status' }),
    dueAfter: t.field({ type: 'DateTime', description: 'Due at or after this instant (undated tasks are left out)' }),
    dueBefore: t.field({ type: 'DateTime', description: 'Due before this instant (undated tasks are left out)' }),
    search: t.string({ description: 'Case-insensitive text in the title or description' }),
    label: t.string({ description: 'Only tasks carrying this label (any letter case)' }),
    priority: t.field({ type: TaskPriority, description: 'Only tasks of this priority' }),
    assignee: t.string({ description: 'Only tasks assigned to this user id, or to the caller with "me"' }),
  }),
});

type FilterArgs = {
  status?: 'pending' | 'completed' | null;
  dueAfter?: string | null;
  dueBefore?: string | null;
  search?: string | null;
  label?: string | null;
  priority?: 'low' | 'medium' | 'high' | 'urgent' | null;
  assignee?: string | null;
};

/** A GraphQL filter as the task page reads it (dates checked as REST checks them). */
function toTaskFilter(filter: FilterArgs, listId: bigint | undefined): TaskFilterShape {
  return {
    status: filter.status ?? undefined,
    dueAfter: filter.dueAfter == null ? undefined : validateInstant('dueAfter', filter.dueAfter),
    dueBefore: filter.dueBefore == null ? undefined : validateInstant('dueBefore', filter.dueBefore),
    search: filter.search ?? undefined,
    listId,
    label: filter.label ?? undefined,
    priority: filter.priority ?? undefined,
    assignee: filter.assignee ?? undefined,
  };
}

export const TaskConnection = builder.connectionObject({
  type: Task,
  name: 'TaskConnection',
  fields: (t) => ({
    totalCount: t.int({ description: 'Every task the filter matches, across all pages', resolve: (connection) => connection.totalCount() }),
  }),
});

/**
 * Forward paging only (our cursors are keyset positions), so the fields take `first` and `after` and
 * nothing else: Relay's `last`/`before` are not offered at all rather than offered and refused.
 */
const pageArgs = {
  complexity: (args: { first?: number | null }) => ({ field: 1, multiplier: Math.max(1, args.first ?? PAGE_SIZE_DEFAULT) }),
};

const FIRST = { description: 'How many tasks to return (1 to 200)' };
const AFTER = { description: 'The endCursor of the page before' };

/** An edge whose cursor is encoded only if the query selects it (most list a page's nodes only). */
class TaskEdge {
  constructor(
    readonly node: TaskRecord,
    private readonly page: TaskPage,
    private readonly index: number,
  ) {}

  get cursor(): string {
    return this.page.cursors[this.index]!;
  }
}

function toConnection(page: TaskPage) {
  return {
    edges: page.tasks.map((node, i) => new TaskEdge(node, page, i)),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: false,
      get startCursor() {
        return page.cursors[0] ?? null;
      },
      get endCursor() {
        return page.cursors.at(-1) ?? null;
      },
    },
    totalCount: page.totalCount,
  };
}

builder.queryFields((t) => ({
  tasks: t.field({
      type: TaskConnection,
      description: `The tasks of every list the caller is a member of, ${PAGE_SIZE_DEFAULT} per page unless \`first\` says otherwise (at most 200).`,
      args: {
        filter: t.arg({ type: TaskFilter }),
        orderBy: t.arg({ type: TaskOrder, defaultValue: 'DUE_AT_ASC' }),
        first: t.arg.int(FIRST),
        after: t.arg.string(AFTER),
      },
      ...pageArgs,
      resolve: async (_root, args, ctx) => {
        const filter = args.filter ?? {};
        const page = await listTaskPage(ctx.caller, {
          filter: toTaskFilter(filter, filter.list == null ? undefined : parseTaskId(filter.list, 'list')),
          orderBy: args.orderBy ?? 'DUE_AT_ASC',
          first: args.first ?? undefined,
          after: args.after ?? undefined,
        });
        return toConnection(page);
      },
    }),
  today: t.field({
      type: TaskConnection,
      description:
        "The daily queue: pending tasks of the caller's lists overdue or due today in the caller's time zone (or `timeZone`), by due time, then priority (most urgent first), undated tasks after (by priority).",
      args: {
        timeZone: t.arg.string({ description: 'An IANA name; overrides the stored time zone for this query' }),
        first: t.arg.int(FIRST),
        after: t.arg.string(AFTER),
      },
      ...pageArgs,
      resolve: async (_root, args, ctx) => {
        const page = await listToday(ctx.caller, {
          timeZone: args.timeZone ?? undefined,
          first: args.first ?? undefined,
          after: args.after ?? undefined,
        });
        return toConnection(page);
      },
    }),
}));

builder.objectField(List, 'tasks', (t) =>
  t.field({
    type: TaskConnection,
    description: `The list's tasks, ${PAGE_SIZE_DEFAULT} per page unless \`first\` says otherwise (at most 200), as \`tasks(filter: {list})\` pages them.`,
    args: {
      filter: t.arg({ type: ListTaskFilter }),
      orderBy: t.arg({ type: TaskOrder, defaultValue: 'DUE_AT_ASC' }),
      first: t.arg.int(FIRST),
      after: t.arg.string(AFTER),
    },
    ...pageArgs,
    resolve: async (list, args, ctx) => {
      const page = await listTaskPage(ctx.caller, {
        filter: toTaskFilter(args.filter ?? {}, BigInt(list.id)),
        orderBy: args.orderBy ?? 'DUE_AT_ASC',
        first: args.first ?? undefined,
        after: args.after ?? undefined,
      });
      return toConnection(page);
    },
  }),
);
