import { listTaskPage, PAGE_SIZE_DEFAULT, TASK_ORDERS, type TaskPage } from '../../tasks/list-task-page.js';
import { listToday } from '../../tasks/list-today.js';
import { validateInstant } from '../../tasks/task-input.js';
import { builder } from '../builder.js';
import { Task, TaskStatus } from './task.js';

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
  }),
});

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

function toConnection(page: TaskPage) {
  return {
    edges: page.tasks.map((node, i) => ({ node, cursor: page.cursors[i]! })),
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: false,
      startCursor: page.cursors[0] ?? null,
      endCursor: page.cursors.at(-1) ?? null,
    },
    totalCount: page.totalCount,
  };
}

builder.queryFields((t) => ({
  tasks: t.field({
      type: TaskConnection,
      description: `The caller's tasks, ${PAGE_SIZE_DEFAULT} per page unless \`first\` says otherwise (at most 200).`,
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
          filter: {
            status: filter.status ?? undefined,
            dueAfter: filter.dueAfter == null ? undefined : validateInstant('dueAfter', filter.dueAfter),
            dueBefore: filter.dueBefore == null ? undefined : validateInstant('dueBefore', filter.dueBefore),
            search: filter.search ?? undefined,
          },
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
        "The daily queue: pending tasks overdue or due today in the caller's time zone (or `timeZone`), by due time, undated tasks after.",
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
