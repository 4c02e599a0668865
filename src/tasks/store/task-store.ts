import type { DatabaseProvider } from '../../config.js';
import type { RawDriver } from '../../db/database.js';
import type { ChangeVia } from '../../events/task-event.js';
import type { ValidNewTask } from '../task-input.js';
import type { ListedTaskView, StatusFilter, TaskRecord } from '../task-view.js';
import type { TaskRowFilter, TaskRowQuery } from './task-row-query.js';

export interface NewTaskRow {
  /** The caller: the task's creator, who must be allowed to create tasks in the list. */
  userId: string;
  /** The list to create it in; null: the caller's Inbox. */
  listId: bigint | null;
  fields: ValidNewTask;
  now: Date;
  /** The transport named in the event (CalDAV). */
  via?: ChangeVia | undefined;
  /** What a calendar app keeps beside a task it made, written with it. */
  calendarObject?: NewCalendarObject | undefined;
}

/**
 * A calendar app's name for a task it made and what Tickler keeps of its VTODO (caldav_objects). Written
 * in the task's own transaction: a reader (a sync) never sees the task under the name the service gives
 * tasks no client named, which the client would keep as a second copy.
 */
export interface NewCalendarObject {
  uid: string;
  name: string;
  extraIcal: string;
  sequence: number;
  allDay: boolean;
  /** The error thrown (and the task not made) when another of the user's objects has the UID or name. */
  taken: () => Error;
}

/** What a calendar app keeps beside a task (caldav_objects), as the store reads it. */
export type StoredCalendarObject = Omit<NewCalendarObject, 'taken'>;

/** A task with its labels and what a calendar app keeps beside it (null when no app named it). */
export interface CalendarTaskRow {
  task: TaskRecord;
  labels: string[];
  object: StoredCalendarObject | null;
}

/**
 * What GET /tasks reads: the lists named, or (`memberOf`) every list the user is a member of at the
 * time of the read, which a store may read in the same statement as the tasks.
 */
export type TaskViewFilter = Omit<TaskRowFilter, 'due' | 'search' | 'listIds'> & ({ listIds: readonly bigint[]; memberOf?: never } | { memberOf: string; listIds?: never });

/** A list member as the hot paths read it. */
export interface MemberRow {
  list_id: number | bigint | string;
  user_id: string;
  role: string;
}

/**
 * The hottest task operations in SQL of their own, on the driver under Prisma: listing, creating and
 * completing. Through Prisma's adapters they cost several times the driver's own time (measured in
 * the README), which the REST targets cannot afford. Everything else goes through Prisma. Rights are
 * decided by src/lists/list-access.ts (decideAccess) on the membership rows these reads return.
 */
export interface TaskStore {
  /** The database under the store (for the few reads elsewhere that write their own SQL). */
  provider: DatabaseProvider;
  /** The ids of the lists the user is a member of (what they may read). */
  memberListIds(userId: string): Promise<bigint[]>;
  /**
   * The tasks a filter matches (its lists, or every list a user is a member of, and any of status,
   * priority, label, assignee), by due time (undated last), then id.
   */
  listTaskViews(filter: TaskViewFilter, limit: number): Promise<ListedTaskView[]>;
  /** One keyset-paged read of whole task rows (GraphQL's task lists). */
  selectTasks(query: TaskRowQuery): Promise<TaskRecord[]>;
  /**
   * Every task of a list in id order, with its labels and its calendar object, in one read (a CalDAV
   * PROPFIND or first sync of a whole collection). No rights are checked: the caller has.
   */
  listCalendarTasks(listId: bigint): Promise<CalendarTaskRow[]>;
  /** How many tasks a filter matches. */
  countTasks(filter: TaskRowFilter): Promise<number>;
  /**
   * Inserts a pending task, its reminder schedule (if any) and its `task.created` outbox event (one per
   * member of the list) in one transaction, with its calendar object when a calendar app made it, after
   * checking the caller may create tasks in the list (404 for a list they are not in, 403 for a viewer).
   * Null when `listId` is null and the caller has no Inbox yet.
   */
  insertTask(row: NewTaskRow): Promise<TaskRecord | null>;
  /**
   * Completes a pending task that does not repeat, cancels its scheduled reminder and records
   * `task.completed` for every member of its list, in one transaction, after checking the caller may
   * complete it (403 for a viewer). Null when the caller cannot see such a task; `changed: false` when
   * it was already completed or repeats (completing a repeating task is completeOccurrence's work).
   */
  completeTask(row: CompleteTaskRow): Promise<{ task: TaskRecord; changed: boolean } | null>;
}

export interface CompleteTaskRow {
  userId: string;
  taskId: bigint;
  now: Date;
  /** The transport named in the event (CalDAV). */
  via?: ChangeVia | undefined;
}
