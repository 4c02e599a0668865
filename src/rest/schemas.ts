import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../tasks/task-input.js';
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
  },
} as const;

export const newTaskSchema = {
  $id: 'NewTask',
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
