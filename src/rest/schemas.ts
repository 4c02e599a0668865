import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../tasks/task-input.js';
import { RECURRENCE_MAX_LENGTH } from '../tasks/recurrence-rule.js';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '../tasks/list-tasks.js';
import { REMINDER_OFFSETS } from '../reminders/reminder-offset.js';
import { MAX_BEFORE_MINUTES, MAX_REMINDERS, NAG_EVERY_MAX, NAG_EVERY_MIN, NAG_TIMES_MAX, NAG_TIMES_MIN } from '../reminders/reminder-specs.js';
import { PRIORITIES, TASK_STATUSES } from '../tasks/task-view.js';
import { LABEL_MAX_LENGTH, LABELS_MAX } from '../tasks/task-labels.js';

const LABELS_RULE = `at most ${LABELS_MAX}, each 1 to ${LABEL_MAX_LENGTH} characters after trimming, without #, @ or commas; one spelled twice in another letter case is kept once, as first written`;

export const errorSchema = {
  $id: 'Error',
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'integer', format: 'int32', description: 'The HTTP status code of the answer' },
    message: { type: 'string', description: 'What went wrong, for a human' },
  },
} as const;

const nagSchema = {
  type: 'object',
  required: ['every', 'times'],
  additionalProperties: false,
  description: 'Ring again every `every` minutes, at most `times` more times, until the task is completed or snoozed',
  properties: {
    every: { type: 'integer', minimum: NAG_EVERY_MIN, maximum: NAG_EVERY_MAX },
    times: { type: 'integer', minimum: NAG_TIMES_MIN, maximum: NAG_TIMES_MAX },
  },
} as const;

/** One of a task's reminders as answers show it. */
export const taskReminderSchema = {
  $id: 'TaskReminder',
  type: 'object',
  description: 'Exactly one of before (minutes before dueAt) and at (an instant)',
  properties: {
    before: { type: 'integer', minimum: 0, maximum: MAX_BEFORE_MINUTES },
    at: { type: 'string', format: 'date-time' },
    nag: nagSchema,
  },
} as const;

/**
 * The reminders of a request body. Their rules (exactly one of before and at, before needs a dueAt, ranges)
 * are checked by the service, so every mistake gets the same 400 as GraphQL's.
 */
function remindersInputSchema(description: string) {
  return {
    type: ['array', 'null'],
    description: `${description} Each is {"before": <minutes 0-${MAX_BEFORE_MINUTES}, needs dueAt>} or {"at": "<RFC 3339>"}, with an optional "nag": {"every": <${NAG_EVERY_MIN}-${NAG_EVERY_MAX} minutes>, "times": <${NAG_TIMES_MIN}-${NAG_TIMES_MAX}>}.`,
    items: { type: 'object' },
  } as const;
}

export const taskSchema = {
  $id: 'Task',
  type: 'object',
  required: ['id', 'title', 'description', 'dueAt', 'priority', 'status'],
  properties: {
    id: { type: 'integer', format: 'int64', minimum: 1 },
    title: { type: 'string' },
    description: { type: 'string' },
    dueAt: { type: ['string', 'null'], format: 'date-time', description: 'RFC 3339, always UTC (Z)' },
    priority: { type: 'string', enum: PRIORITIES },
    status: { type: 'string', enum: TASK_STATUSES },
    remindBefore: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: MAX_BEFORE_MINUTES,
      description: 'Extension: minutes before dueAt of the first relative reminder (0 = at the time), or null for none',
    },
    reminders: {
      type: 'array',
      maxItems: MAX_REMINDERS,
      items: { $ref: 'TaskReminder#' },
      description: 'Extension: every reminder of the task, in order',
    },
    recurrence: {
      type: ['string', 'null'],
      description: 'Extension: how the task repeats, an RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=MO); dueAt is the current occurrence',
    },
    recurrenceText: {
      type: ['string', 'null'],
      description: "Extension: the repeat in English at the due time in the user's time zone (\"every week on Monday at 9:00\")",
    },
    listId: { type: 'integer', format: 'int64', description: 'Extension: the list the task is in (GET /lists)' },
    labels: { type: 'array', items: { type: 'string' }, description: 'Extension: its labels, in the order first written' },
    assigneeId: { type: ['string', 'null'], description: 'Extension: the member of its list the task is assigned to, or null' },
    createdBy: { type: 'string', description: 'Extension: the user who created it' },
  },
} as const;

/**
 * POST /tasks' body. Inline in the document, not a component: generators (openapi-typescript) keep
 * fields with a default optional in a request body, but make them required in a shared component.
 */
export const newTaskSchema = {
  type: 'object',
  required: ['title'],
  properties: {
    title: {
      type: 'string',
      description: `1 to ${TITLE_MAX_LENGTH} characters after trimming surrounding whitespace`,
    },
    description: { type: 'string', maxLength: DESCRIPTION_MAX_LENGTH, default: '' },
    dueAt: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'RFC 3339 with Z or an offset; stored as an instant and returned in UTC',
    },
    priority: { type: 'string', enum: PRIORITIES, default: 'low' },
    remindBefore: {
      type: ['integer', 'null'],
      enum: [...REMINDER_OFFSETS, null],
      description: 'Minutes before dueAt to remind: 0 (at the time), 10, 30 or 60; null or absent for none. Needs dueAt. Not together with reminders.',
    },
    reminders: remindersInputSchema('Up to 5 reminders; absent, null or [] for none. Not together with remindBefore.'),
    recurrence: {
      type: ['string', 'null'],
      maxLength: RECURRENCE_MAX_LENGTH,
      description:
        'An RFC 5545 RRULE value: FREQ=DAILY|WEEKLY|MONTHLY|YEARLY with INTERVAL, BYDAY (1MO, -1FR), BYMONTHDAY, BYMONTH, BYSETPOS, COUNT or UNTIL. Needs dueAt (the first occurrence): a dueAt the rule does not generate is moved to its first occurrence at or after it (the answer shows it); none (UNTIL before dueAt) is a 400.',
    },
    listId: {
      type: ['integer', 'null'],
      format: 'int64',
      minimum: 1,
      description: "The list to create it in (one the caller may add to: 404 for a list they are not in, 403 for a viewer); absent or null: the caller's Inbox",
    },
    labels: { type: ['array', 'null'], items: { type: 'string' }, maxItems: 100, description: `Labels: ${LABELS_RULE}` },
    assigneeId: { type: ['string', 'null'], description: 'A member of the list to assign it to (400 otherwise), or null' },
  },
} as const;

export const taskPatchSchema = {
  type: 'object',
  description:
    'A JSON merge patch (RFC 7396): fields left out stay as they are; null clears dueAt, remindBefore, reminders and recurrence (clearing dueAt also clears the relative reminders; a repeating task needs recurrence: null with it). Other fields are ignored.',
  properties: {
    title: { type: 'string', description: `1 to ${TITLE_MAX_LENGTH} characters after trimming` },
    description: { type: 'string', maxLength: DESCRIPTION_MAX_LENGTH },
    dueAt: { type: ['string', 'null'], format: 'date-time', description: 'RFC 3339 with Z or an offset; null clears it' },
    priority: { type: 'string', enum: PRIORITIES },
    remindBefore: {
      type: ['integer', 'null'],
      enum: [...REMINDER_OFFSETS, null],
      description: 'Replaces the relative reminders with this one (absolute ones stay); null removes them. Needs a dueAt (given or stored)',
    },
    reminders: remindersInputSchema('Replaces every reminder; null or [] removes them all. Not together with remindBefore.'),
    recurrence: {
      type: ['string', 'null'],
      maxLength: RECURRENCE_MAX_LENGTH,
      description:
        'An RFC 5545 RRULE value; null stops the repeat. A changed dueAt restarts the series there; a changed dueAt or rule moves dueAt to the first occurrence at or after it.',
    },
    listId: {
      type: 'integer',
      format: 'int64',
      minimum: 1,
      description: 'Moves the task to this list; the caller must be an editor or owner of both lists. An assignee who is no member of it is unassigned.',
    },
    labels: { type: ['array', 'null'], items: { type: 'string' }, maxItems: 100, description: `Replaces the labels (null or [] removes them): ${LABELS_RULE}` },
    assigneeId: { type: ['string', 'null'], description: "A member of the task's list, or null for nobody" },
  },
} as const;

export const listTasksQuerySchema = {
  type: 'object',
  properties: {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: LIST_LIMIT_MAX,
      default: LIST_LIMIT_DEFAULT,
      description: 'Maximum number of tasks to return',
    },
    status: {
      type: 'string',
      enum: ['pending', 'completed', 'all'],
      default: 'pending',
      description: 'Extension: which tasks to list',
    },
    list: {
      type: 'integer',
      format: 'int64',
      minimum: 1,
      description: "Extension: only this list's tasks (one the caller is in; 404 otherwise)",
    },
    label: { type: 'string', description: 'Extension: only tasks carrying this label (any letter case)' },
    priority: { type: 'string', enum: PRIORITIES, description: 'Extension: only tasks of this priority' },
    assignee: { type: 'string', description: 'Extension: only tasks assigned to this user id, or to the caller with `me`' },
  },
} as const;

export const taskIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'integer', format: 'int64', minimum: 1, description: 'The task id (at most 2^63-1)' },
  },
} as const;

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Invalid input (malformed JSON, wrong types, out-of-range values)',
  401: 'Missing, malformed, expired or otherwise invalid bearer token',
  403: "The caller's role in the list does not allow this (a viewer changing a task, an editor deleting the list)",
  404: 'No such task or list for this caller',
  409: 'A conflict with what exists: a list name the owner already uses, the Inbox (cannot be deleted or shared), too many lists',
  413: 'Request body larger than 64 KiB',
  415: 'Content-Type is not application/json',
};

/** The error answers a route can give, each with the Error body, for the OpenAPI document. */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: ERROR_MEANINGS[status] ?? 'Error', $ref: 'Error#' }]),
  );
}
