import { describe, expect, it } from 'vitest';
import type { TaskEvent } from '../../src/events/task-event.js';
import { fitMessage, PUSH_MESSAGE_MAX_BYTES, reminderPushMessage } from '../../src/push/push-message.js';

const event = (title: string): TaskEvent => ({
  id: '019a0000-0000-7000-8000-000000000001',
  type: 'reminder.due',
  occurredAt: '2026-11-23T16:50:00.000Z',
  userId: 'u',
  task: { id: 42, title, description: '', dueAt: '2026-11-23T17:00:00.000Z', priority: 'low', status: 'pending', remindBefore: 10 } as TaskEvent['task'],
  reminder: { offsetMinutes: 10, plannedAt: '2026-11-23T16:50:00.000Z', firedAt: '2026-11-23T16:50:00.200Z', lateSeconds: 0.2, late: false },
});

describe('push messages', () => {
  it('cut a title whose JSON would pass 3 KB, by whole characters, and mark the cut', () => {
    // Control characters take six bytes each in JSON (\\u0001), emoji four in UTF-8.
    const title = '\u0001🔔"'.repeat(400);
    const json = fitMessage({ type: 'reminder.due', title, url: '/tasks/1' } as { title: string });
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(PUSH_MESSAGE_MAX_BYTES);
    const cut = (JSON.parse(json) as { title: string }).title;
    expect(cut.endsWith('…')).toBe(true);
    expect(title.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.isWellFormed()).toBe(true);
    // Not cut by much more than needed.
    expect(Buffer.byteLength(json)).toBeGreaterThan(PUSH_MESSAGE_MAX_BYTES - 64);
  });

  it('carry the task, a topic per task, and expire when the reminder stops being meaningful', () => {
    const message = reminderPushMessage(event('Call mom'), 3_600_000);
    expect(JSON.parse(message.payload)).toEqual({
      type: 'reminder.due',
      taskId: '42',
      title: 'Call mom',
      dueAt: '2026-11-23T17:00:00.000Z',
      offsetMinutes: 10,
      url: '/tasks/42',
      eventId: event('x').id,
    });
    expect(message.topic).toBe('task-42');
    expect(message.expiresAt.toISOString()).toBe('2026-11-23T18:00:00.000Z');
  });
});
