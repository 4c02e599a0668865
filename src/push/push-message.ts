import type { TaskEvent } from '../events/task-event.js';

/** The encrypted record (RFC 8291) of a push message holds at most 4 KB; the JSON stays well under it. */
export const PUSH_MESSAGE_MAX_BYTES = 3072;
export const PUSH_TEST_TYPE = 'push.test';

/** What a service worker receives for a reminder (see docs/push.md). */
export interface ReminderPushMessage {
  type: 'reminder.due';
  taskId: string;
  title: string;
  dueAt: string | null;
  offsetMinutes: number;
  url: string;
  eventId: string;
}

/** A push message ready to be stored: its JSON, Topic and the instant after which it is not worth showing. */
export interface PushMessage {
  eventId: string;
  type: string;
  payload: string;
  topic: string | null;
  expiresAt: Date;
}

/** The JSON, with the title cut (by whole characters, marked with …) so that it fits PUSH_MESSAGE_MAX_BYTES. */
export function fitMessage(message: { title: string }): string {
  const json = JSON.stringify(message);
  if (Buffer.byteLength(json, 'utf8') <= PUSH_MESSAGE_MAX_BYTES) return json;
  // What the title may take: the message without it, and the mark, leave this much.
  let budget = PUSH_MESSAGE_MAX_BYTES - Buffer.byteLength(JSON.stringify({ ...message, title: '…' }), 'utf8');
  let kept = '';
  for (const character of message.title) {
    // A character's bytes as JSON writes it: escapes (\", \u0001) included.
    const size = Buffer.byteLength(JSON.stringify(character), 'utf8') - 2;
    if (size > budget) break;
    budget -= size;
    kept += character;
  }
  return JSON.stringify({ ...message, title: `${kept}…` });
}

/**
 * The push message for a `reminder.due` event. It stays meaningful until the task has been due for the
 * reminder grace period (REMINDER_GRACE; later the reminder would have been recorded as missed), or
 * that long after it fired when it fired later (a snooze): push services drop it after that (TTL).
 */
export function reminderPushMessage(event: TaskEvent, graceMs: number): PushMessage {
  const task = event.task;
  const message: ReminderPushMessage = {
    type: 'reminder.due',
    taskId: String(task.id),
    title: task.title,
    dueAt: task.dueAt,
    offsetMinutes: event.reminder?.offsetMinutes ?? 0,
    url: `/tasks/${task.id}`,
    eventId: event.id,
  };
  const firedAt = Date.parse(event.reminder?.firedAt ?? event.occurredAt);
  const dueAt = task.dueAt ? Date.parse(task.dueAt) : firedAt;
  return {
    eventId: event.id,
    type: event.type,
    payload: fitMessage(message),
    // base64url characters only, at most 32 (RFC 8030 5.4): one topic per task, so a newer reminder
    // replaces an older one the push service still holds.
    topic: `task-${task.id}`,
    expiresAt: new Date(Math.max(dueAt, firedAt) + graceMs),
  };
}
