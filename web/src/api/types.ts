/** The shapes the service answers, as the app reads them. No DOM here. */

export interface Task {
  id: string;
  title: string;
  description: string;
  dueAt: string | null;
  /** Every reminder, in order (at most 5). */
  reminders: TaskReminder[];
  status: 'PENDING' | 'COMPLETED';
  /** An RFC 5545 rule, counted from dueAt; null: does not repeat. */
  recurrence: string | null;
  /** The rule in words ("every week on Monday at 9:00"). */
  recurrenceText: string | null;
  listId: string;
  /** The list as the caller sees it (name and color shown beside the task). */
  list: Pick<TaskList, 'id' | 'name' | 'color' | 'inbox' | 'role'> | null;
  labels: string[];
  priority: Priority;
  assignee: Person | null;
}

export type Priority = 'LOW' | 'MEDIUM' | 'HIGH' | 'URGENT';
export const PRIORITIES: readonly Priority[] = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'];

export type ListRole = 'OWNER' | 'EDITOR' | 'VIEWER';

/** A list the caller is in (GraphQL List). */
export interface TaskList {
  id: string;
  name: string;
  color: string | null;
  inbox: boolean;
  role: ListRole;
  memberCount: number;
  openCount: number;
  /** Editors may invite too (owners always may). */
  membersCanInvite: boolean;
}

export interface Person {
  id: string;
  displayName: string;
}

/** The languages capture reads (the service's `language`). */
export const CAPTURE_LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'nl', 'it'] as const;
export type CaptureLanguage = (typeof CAPTURE_LANGUAGES)[number];

/** Rings again every `every` minutes (5–240), at most `times` more times (1–12), until the task is done. */
export interface Nag {
  every: number;
  times: number;
}

/** One reminder: minutes `before` the due time (needs one), or `at` an instant; either may nag. */
export interface TaskReminder {
  before?: number | null;
  at?: string | null;
  nag?: Nag | null;
}

/** What POST /capture answers. */
export interface Draft {
  title: string;
  description: string;
  date: string | null;
  time: string | null;
  dueAt: string | null;
  remindBefore: number | null;
  /** Every reminder the text asked for ("remind me at 8am and 10 min before"). */
  reminders?: TaskReminder[];
  recurrence?: string | null;
  /** The rule in the capture language. */
  recurrenceText?: string | null;
  /** The language the note was read in. */
  language?: CaptureLanguage;
  transcript?: string;
  extractedText?: string;
  /** From quick-add marks: `#List`, `@label`, `p1`–`p4`. */
  listId?: string | null;
  labels?: string[];
  priority?: 'low' | 'medium' | 'high' | 'urgent';
}

/** What createTask takes (GraphQL CreateTaskInput). */
export interface NewTask {
  title: string;
  description?: string;
  dueAt?: string | null;
  reminders?: TaskReminder[];
  recurrence?: string | null;
  listId?: string;
  labels?: string[];
  priority?: Priority;
}

/** What the task forms save (createTask and updateTask take these). */
export interface TaskPatch {
  title: string;
  description: string;
  dueAt: string | null;
  /** Replaces every reminder. */
  reminders: TaskReminder[];
  recurrence: string | null;
  /** Absent: the Inbox on create, unchanged on edit. */
  listId?: string;
  labels?: string[];
  priority?: Priority;
}

export const TASK_FIELDS =
  'id title description dueAt reminders { before at nag { every times } } status recurrence recurrenceText listId list { id name color inbox role } labels priority assignee { id displayName }';

export const LIST_FIELDS = 'id name color inbox role memberCount openCount membersCanInvite';
