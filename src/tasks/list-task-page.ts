import type { ServiceContext } from '../context.js';
import type { Prisma } from '../generated/sqlite/client.js';
import { invalidTask } from '../errors.js';
import { LIST_LIMIT_MAX } from './list-tasks.js';
import type { TaskRecord, TaskStatus } from './task-view.js';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = LIST_LIMIT_MAX;
export const SEARCH_MAX_LENGTH = 200;

export const TASK_ORDERS = ['DUE_AT_ASC', 'CREATED_AT_ASC', 'CREATED_AT_DESC'] as const;
export type TaskOrder = (typeof TASK_ORDERS)[number];

export interface TaskFilter {
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
  cursors: string[];
  hasNextPage: boolean;
  /** Every task the filter matches, regardless of paging; counted only when asked for. */
  totalCount(): Promise<number>;
}

/** A position in one ordering: the sort value (epoch ms, null for an undated task) and the id. */
interface Position {
  order: TaskOrder;
  at: number | null;
  id: bigint;
}

function encodeCursor(position: Position): string {
  return Buffer.from(`${position.order}|${position.at ?? ''}|${position.id}`).toString('base64url');
}

function decodeCursor(cursor: string, order: TaskOrder): Position {
  const [cursorOrder, at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (cursorOrder !== order || at === undefined || !/^(\d{1,16})?$/.test(at) || !/^\d{1,19}$/.test(id ?? '')) {
    throw invalidTask('after is not a cursor of this list and ordering');
  }
  return { order, at: at === '' ? null : Number(at), id: BigInt(id!) };
}

function positionOf(task: TaskRecord, order: TaskOrder): Position {
  const at = order === 'DUE_AT_ASC' ? task.dueAt : task.createdAt;
  return { order, at: at ? at.getTime() : null, id: task.id };
}

/**
 * PostgreSQL compares text case-sensitively unless asked; SQLite's LIKE already ignores ASCII case.
 * The client type is SQLite's (see db/database.ts), so the provider is read from the client itself.
 */
function isPostgres(ctx: ServiceContext): boolean {
  return (ctx.db as unknown as { _activeProvider?: string })._activeProvider === 'postgresql';
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

function filterWhere(ctx: ServiceContext, filter: TaskFilter): Prisma.TaskWhereInput {
  const where: Prisma.TaskWhereInput = { userId: ctx.userId };
  if (filter.status) where.status = filter.status;
  if (filter.search) {
    const contains = { contains: filter.search, ...(isPostgres(ctx) ? { mode: 'insensitive' } : {}) } as Prisma.StringFilter;
    where.OR = [{ title: contains }, { description: contains }];
  }
  return where;
}

function datedWhere(filter: TaskFilter): Prisma.DateTimeNullableFilter {
  return { not: null, ...(filter.dueAfter ? { gte: filter.dueAfter } : {}), ...(filter.dueBefore ? { lt: filter.dueBefore } : {}) };
}

/**
 * One page of the caller's tasks with keyset cursors, so a page costs the same wherever it starts.
 * DUE_AT_ASC lists dated tasks by due time, then undated ones, each step by id; as in listTasks the
 * two steps are read separately so each walks the (user, status, due_at, id) index in order.
 */
export async function listTaskPage(ctx: ServiceContext, options: TaskPageOptions = {}): Promise<TaskPage> {
  const { first, order, filter } = validateOptions(options);
  const after = options.after ? decodeCursor(options.after, order) : undefined;
  const base = filterWhere(ctx, filter);
  const includeUndated = filter.includeUndated ?? (filter.dueAfter === undefined && filter.dueBefore === undefined);
  const take = first + 1;
  let rows: TaskRecord[] = [];

  if (order === 'DUE_AT_ASC') {
    if (after?.at !== null) {
      const keyset: Prisma.TaskWhereInput = after
        ? { OR: [{ dueAt: { gt: new Date(after.at!) } }, { dueAt: new Date(after.at!), id: { gt: after.id } }] }
        : {};
      rows = await ctx.db.task.findMany({
        where: { AND: [base, { dueAt: datedWhere(filter) }, keyset] },
        orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
        take,
      });
    }
    if (rows.length < take && includeUndated) {
      rows.push(
        ...(await ctx.db.task.findMany({
          where: { AND: [base, { dueAt: null }, after?.at === null ? { id: { gt: after.id } } : {}] },
          orderBy: { id: 'asc' },
          take: take - rows.length,
        })),
      );
    }
  } else {
    const direction = order === 'CREATED_AT_ASC' ? 'asc' : 'desc';
    const beyond = direction === 'asc' ? 'gt' : 'lt';
    const keyset: Prisma.TaskWhereInput = after
      ? { OR: [{ createdAt: { [beyond]: new Date(after.at!) } }, { createdAt: new Date(after.at!), id: { [beyond]: after.id } }] }
      : {};
    const due: Prisma.TaskWhereInput =
      filter.dueAfter || filter.dueBefore
        ? includeUndated
          ? { OR: [{ dueAt: datedWhere(filter) }, { dueAt: null }] }
          : { dueAt: datedWhere(filter) }
        : includeUndated
          ? {}
          : { dueAt: { not: null } };
    rows = await ctx.db.task.findMany({
      where: { AND: [base, due, keyset] },
      orderBy: [{ createdAt: direction }, { id: direction }],
      take,
    });
  }

  const tasks = rows.slice(0, first);
  return {
    tasks,
    cursors: tasks.map((task) => encodeCursor(positionOf(task, order))),
    hasNextPage: rows.length > first,
    totalCount: () => countTasks(ctx, base, filter, includeUndated),
  };
}

async function countTasks(ctx: ServiceContext, base: Prisma.TaskWhereInput, filter: TaskFilter, includeUndated: boolean) {
  const dated = ctx.db.task.count({ where: { AND: [base, { dueAt: datedWhere(filter) }] } });
  const undated = includeUndated ? ctx.db.task.count({ where: { AND: [base, { dueAt: null }] } }) : Promise.resolve(0);
  return (await dated) + (await undated);
}
