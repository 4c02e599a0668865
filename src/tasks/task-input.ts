import { invalidTask } from '../errors.js';
import { parseInstant } from './parse-instant.js';
import { PRIORITIES, type Priority } from './task-view.js';

export const TITLE_MAX_LENGTH = 500;
export const DESCRIPTION_MAX_LENGTH = 10_000;

export interface NewTaskInput {
  title: string;
  description?: string | undefined;
  dueAt?: string | null | undefined;
  priority?: Priority | undefined;
}

export interface ValidNewTask {
  title: string;
  description: string;
  dueAt: Date | null;
  priority: Priority;
}

function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/** Text the databases can store exactly: well-formed Unicode and no NUL (PostgreSQL refuses it). */
function assertStorableText(field: string, text: string): void {
  if (!text.isWellFormed()) throw invalidTask(`${field} must be well-formed Unicode (no lone surrogates)`);
  if (text.includes('\u0000')) throw invalidTask(`${field} must not contain NUL characters`);
}

export function validateTitle(raw: unknown): string {
  if (typeof raw !== 'string') throw invalidTask('title must be a string');
  const title = raw.trim();
  const length = codePointLength(title);
  if (length === 0) throw invalidTask('title must not be empty');
  if (length > TITLE_MAX_LENGTH) throw invalidTask(`title must be at most ${TITLE_MAX_LENGTH} characters`);
  assertStorableText('title', title);
  return title;
}

export function validateDescription(raw: unknown): string {
  if (raw === undefined) return '';
  if (typeof raw !== 'string') throw invalidTask('description must be a string');
  if (codePointLength(raw) > DESCRIPTION_MAX_LENGTH) {
    throw invalidTask(`description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);
  }
  assertStorableText('description', raw);
  return raw;
}

export function validateDueAt(raw: unknown): Date | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw invalidTask('dueAt must be an RFC 3339 date-time string or null');
  const instant = parseInstant(raw);
  if (!instant) {
    throw invalidTask('dueAt must be a real RFC 3339 date-time with Z or an offset, e.g. 2026-11-22T09:30:00Z');
  }
  return instant;
}

export function validatePriority(raw: unknown): Priority {
  if (raw === undefined) return 'low';
  if (!PRIORITIES.includes(raw as Priority)) throw invalidTask(`priority must be one of ${PRIORITIES.join(', ')}`);
  return raw as Priority;
}

export function validateNewTask(input: NewTaskInput): ValidNewTask {
  return {
    title: validateTitle(input.title),
    description: validateDescription(input.description),
    dueAt: validateDueAt(input.dueAt),
    priority: validatePriority(input.priority),
  };
}
