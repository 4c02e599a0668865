import type { ServiceContext } from '../context.js';
import { invalidTask } from '../errors.js';
import { LIST_LIMIT_MAX } from './list-tasks.js';
import { PRIORITY_RANKS } from './store/task-row-query.js';
import { resolveTaskScope, type TaskScopeInput } from './task-scope.js';
import type { TaskRecord, TaskStatus } from './task-view.js';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = LIST_LIMIT_MAX;
export const SEARCH_MAX_LENGTH = 200;

export const TASK_ORDERS = ['DUE_AT_ASC', 'CREATED_AT_ASC', 'CREATED_AT_DESC'] as const;
/** The public orders, and the queue's: by due time, then priority (most urgent first), then id. */
export type TaskOrder = (typeof TASK_ORDERS)[number] | 'QUEUE';

export interface TaskFilter extends TaskScopeInput {
  /** Absent: every status. */
  status?: TaskStatus | undefined;
  /** Due at or after this instant. */
  dueAfter?: Date | undefined;
  /** Due strictly before this instant. */
  dueBefore?: Date | undefined;
  /** Case-insensitive substring of the title or the description. */
  search?: string | undefined;
  /** Whether tasks without a due time are listed; by default only when no due range is given. */
  includeUndated?: boolean | undefined;
}

export interface TaskPageOptions {
  filter?: TaskFilter;
  orderBy?: TaskOrder;
  first?: number | undefined;
  /** The cursor of the last task of the previous page. */
  after?: string | undefined;
}

export interface TaskPage {
  tasks: TaskRecord[];
  /** cursors[i] is the cursor of tasks[i]. */
  readonly cursors: string[];
  hasNextPage: boolean;
  /** Every task the filter matches, regardless of paging; counted only when asked for. */
  totalCount(): Promise<number>;
}

/**
 * A position in one ordering: the sort value (epoch ms, null for an undated task), the priority rank
 * (the queue's order only) and the id.
 */
interface Position {
  order: TaskOrder;
  at: number | null;
  rank?: number | undefined;
  id: bigint;
}

function encodeCursor(position: Position): string {
  const rank = position.order === 'QUEUE' ? `|${position.rank}` : '';
  return Buffer.from(`${position.order}|${position.at ?? ''}${rank}|${position.id}`).toString('base64url');
}

function decodeCursor(cursor: string, order: TaskOrder): Position {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  const [cursorOrder, at] = parts;
  const rank = order === 'QUEUE' ? parts[2] : undefined;
  const id = parts[order === 'QUEUE' ? 3 : 2];
  const valid =
    cursorOrder === order &&
    parts.length === (order === 'QUEUE' ? 4 : 3) &&
    at !== undefined &&
    /^(\d{1,16})?$/.test(at) &&
    (order !== 'QUEUE' || /^[0-3]$/.test(rank ?? '')) &&
    /^\d{1,19}$/.test(id ?? '');
  if (!valid) throw invalidTask('after is not a cursor of this list and ordering');
  return { order, at: at === '' ? null : Number(at!), rank: rank === undefined ? undefined : Number(rank), id: BigInt(id!) };
}

function positionOf(task: TaskRecord, order: TaskOrder): Position {
  const at = order === 'DUE_AT_ASC' || order === 'QUEUE' ? task.dueAt : task.createdAt;
  return { order, at: at ? at.getTime() : null, rank: order === 'QUEUE' ? PRIORITY_RANKS[task.priority] ?? 3 : undefined, id: task.id };
}

function validateOptions(options: TaskPageOptions): { first: number; order: TaskOrder; filter: TaskFilter } {
  const first = options.first ?? PAGE_SIZE_DEFAULT;
  if (!Number.isInteger(first) || first < 0 || first > PAGE_SIZE_MAX) {
    throw invalidTask(`first must be an integer from 0 to ${PAGE_SIZE_MAX}`);
  }
  const filter = { ...options.filter };
  if (filter.search !== undefined) {
    const search = filter.search.trim();
    if ([...search].length > SEARCH_MAX_LENGTH) throw invalidTask(`search must be at most ${SEARCH_MAX_LENGTH} characters`);
    if (!search.isWellFormed() || search.includes('\u0000')) throw invalidTask('search must be well-formed text without NUL');
    filter.search = search === '' ? undefined : search;
  }
  if (filter.dueAfter && filter.dueBefore && filter.dueAfter >= filter.dueBefore) {
    throw invalidTask('dueAfter must be earlier than dueBefore');
  }
  return { first, order: options.orderBy ?? 'DUE_AT_ASC', filter };
}

/**
 * One page of the tasks of the caller's lists with keyset cursors, so a page costs the same wherever it
 * starts. DUE_AT_ASC lists dated tasks by due time, then undated ones, each step by id (QUEUE puts the
 * priority before the id); as in listTasks the two steps are read separately so each walks the
 * (list, status, due_at, id) index in order. The reads are the task store's own SQL (Prisma's query API
 * costs several times more per page).
 */
export async function listTaskPage(ctx: ServiceContext, options: TaskPageOptions = {}): Promise<TaskPage> {
  const { first, order, filter } = validateOptions(options);
  const after = options.after ? decodeCursor(options.after, order) : undefined;
  const base = { ...(await resolveTaskScope(ctx, filter)), status: filter.status, search: filter.search };
  const range = { gte: filter.dueAfter, lt: filter.dueBefore };
  const bounded = filter.dueAfter !== undefined || filter.dueBefore !== undefined;
  const includeUndated = filter.includeUndated ?? !bounded;
  const take = first + 1;
  let rows: TaskRecord[] = [];

  if (order === 'DUE_AT_ASC' || order === 'QUEUE') {
    const byRank = order === 'QUEUE';
    if (after?.at !== null) {
      rows = await ctx.store.selectTasks({
        ...base,
        due: { dated: true, ...range },
        order: {
          keys: byRank ? ['due_at', 'priority_rank', 'id'] : ['due_at', 'id'],
          direction: 'asc',
          after: after && (byRank ? [new Date(after.at), after.rank!, after.id] : [new Date(after.at), after.id]),
        },
        limit: take,
      });
    }
    if (rows.length < take && includeUndated) {
      const fromUndated = after?.at === null ? (byRank ? [after.rank!, after.id] : [after.id]) : undefined;
      const undated = await ctx.store.selectTasks({
        ...base,
        due: { dated: false },
        order: { keys: byRank ? ['priority_rank', 'id'] : ['id'], direction: 'asc', after: fromUndated },
        limit: take - rows.length,
      });
      rows.push(...undated);
    }
  } else {
    rows = await ctx.store.selectTasks({
      ...base,
      due: bounded || !includeUndated ? { dated: true, ...range, orUndated: bounded && includeUndated } : { dated: 'any' },
      order: {
        keys: ['created_at', 'id'],
        direction: order === 'CREATED_AT_ASC' ? 'asc' : 'desc',
        after: after && [new Date(after.at!), after.id],
      },
      limit: take,
    });
  }

  const tasks = rows.slice(0, first);
  let cursors: string[] | undefined;
  return {
    tasks,
    // Encoded when first read: a page whose cursors nobody asks for costs no base64 per task.
    get cursors() {
      return (cursors ??= tasks.map((task) => encodeCursor(positionOf(task, order))));
    },
    hasNextPage: rows.length > first,
    totalCount: async () =>
      (await ctx.store.countTasks({ ...base, due: { dated: true, ...range } })) +
      (includeUndated ? await ctx.store.countTasks({ ...base, due: { dated: false } }) : 0),
  };
}
