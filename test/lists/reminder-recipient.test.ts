import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireDueReminders } from '../../src/reminders/fire-due-reminders.js';
import { syncTaskReminder } from '../../src/reminders/sync-task-reminder.js';
import { makeSharedList } from '../support/lists.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { PROVIDERS } from '../support/test-service.js';

const T0 = new Date('2030-01-10T12:00:00.000Z');
const HOUR = 3_600_000;

describe.each(PROVIDERS)('who a shared task’s reminder reaches (%s)', (provider) => {
  let database: TestDatabase;
  let listId: bigint;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    listId = await makeSharedList(database.db, 'own', 'House', { cre: 'editor', asg: 'editor', gone: 'editor' });
    // "gone" created a task, then left the list.
  });
  afterAll(async () => database?.close());

  async function taskWithReminder(title: string, creator: string, assigneeId: string | null) {
    const task = await database.db.task.create({
      data: { userId: creator, listId, assigneeId, title, dueAt: new Date(T0.getTime() + HOUR), remindBefore: 10, createdAt: T0, updatedAt: T0 },
    });
    await database.db.$transaction((tx) => syncTaskReminder(tx, task, T0));
    return task;
  }

  it('reaches the assignee of an assigned task, the creator of an unassigned one, and the owner once the creator left', async () => {
    const assigned = await taskWithReminder('assigned', 'cre', 'asg');
    const unassigned = await taskWithReminder('unassigned', 'cre', null);
    const orphaned = await taskWithReminder('orphaned', 'gone', null);
    await database.db.listMember.delete({ where: { listId_userId: { listId, userId: 'gone' } } });
    const now = new Date(T0.getTime() + HOUR - 10 * 60_000);
    const result = await fireDueReminders({ db: database.db, provider, now: () => now, graceMs: HOUR });
    expect(result.fired).toBe(3);
    const events = await database.db.event.findMany({ where: { type: 'reminder.due' } });
    const recipientOf = new Map(events.map((e) => [e.taskId, e.userId]));
    expect(recipientOf.get(assigned.id)).toBe('asg');
    expect(recipientOf.get(unassigned.id)).toBe('cre');
    expect(recipientOf.get(orphaned.id)).toBe('own');
    // One event per reminder: nobody else hears it.
    expect(events).toHaveLength(3);
  });
});
