import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../tasks/task-input.js';
import { RECURRENCE_MAX_LENGTH } from '../tasks/recurrence-rule.js';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '../tasks/list-tasks.js';
import { REMINDER_OFFSETS } from '../reminders/reminder-offset.js';
import { PRIORITIES, TASK_STATUSES } from '../tasks/task-view.js';

export const errorSchema = {
  $id: 'Error',
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'integer', format: 'int32', description: 'The HTTP status code of the answer' },
    message: { type: 'string', description: 'What went wrong, for a human' },
  },
} as const;

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
      enum: [...REMINDER_OFFSETS, null],
      description: 'Extension: minutes before dueAt to remind (0 = at the time), or null for no reminder',
    },
    recurrence: {
      type: ['string', 'null'],
      description: 'Extension: how the task repeats, an RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=MO); dueAt is the current occurrence',
    },
    recurrenceText: {
      type: ['string', 'null'],
      description: "Extension: the repeat in English at the due time in the user's time zone (\"every week on Monday at 9:00\")",
    },
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
      description: 'Minutes before dueAt to remind: 0 (at the time), 10, 30 or 60; null or absent for none. Needs dueAt.',
    },
    recurrence: {
      type: ['string', 'null'],
      maxLength: RECURRENCE_MAX_LENGTH,
      description:
        'An RFC 5545 RRULE value: FREQ=DAILY|WEEKLY|MONTHLY|YEARLY with INTERVAL, BYDAY (1MO, -1FR), BYMONTHDAY, BYMONTH, BYSETPOS, COUNT or UNTIL. Needs dueAt (the first occurrence): a dueAt the rule does not generate is moved to its first occurrence at or after it (the answer shows it); none (UNTIL before dueAt) is a 400.',
    },
  },
} as const;

export const taskPatchSchema = {
  type: 'object',
  description:
    'A JSON merge patch (RFC 7396): fields left out stay as they are; null clears dueAt, remindBefore and recurrence (clearing dueAt also clears the reminder; a repeating task needs recurrence: null with it). Other fields are ignored.',
  properties: {
    title: { type: 'string', description: `1 to ${TITLE_MAX_LENGTH} characters after trimming` },
    description: { type: 'string', maxLength: DESCRIPTION_MAX_LENGTH },
    dueAt: { type: ['string', 'null'], format: 'date-time', description: 'RFC 3339 with Z or an offset; null clears it' },
    priority: { type: 'string', enum: PRIORITIES },
    remindBefore: { type: ['integer', 'null'], enum: [...REMINDER_OFFSETS, null], description: 'Needs a dueAt (given or stored)' },
    recurrence: {
      type: ['string', 'null'],
      maxLength: RECURRENCE_MAX_LENGTH,
      description:
        'An RFC 5545 RRULE value; null stops the repeat. A changed dueAt restarts the series there; a changed dueAt or rule moves dueAt to the first occurrence at or after it.',
    },
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
  404: 'No such task for this caller',
  413: 'Request body larger than 64 KiB',
  415: 'Content-Type is not application/json',
};

/** The error answers a route can give, each with the Error body, for the OpenAPI document. */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: ERROR_MEANINGS[status] ?? 'Error', $ref: 'Error#' }]),
  );
}
