import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireDueReminders } from '../../src/reminders/fire-due-reminders.js';
import { syncTaskReminder } from '../../src/reminders/sync-task-reminder.js';
import type { TaskEvent } from '../../src/events/task-event.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { PROVIDERS } from '../support/test-service.js';

const HOUR = 3_600_000;
const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(PROVIDERS)('firing due reminders on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(provider);
    await database.db.user.create({ data: { id: 'u1' } });
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.event.deleteMany();
    await database.db.task.deleteMany();
  });

  async function taskWithReminder(dueAt: Date, remindBefore: number, now = T0) {
    const task = await database.db.task.create({
      data: { userId: 'u1', title: `due ${dueAt.toISOString()}`, dueAt, remindBefore, createdAt: now, updatedAt: now },
    });
    await database.db.$transaction((tx) => syncTaskReminder(tx, task, now));
    return task;
  }

  const sweep = (now: Date, graceMs = HOUR) =>
    fireDueReminders({ db: database.db, provider, now: () => now, graceMs, batchSize: 3 });

  async function storedEvents(): Promise<TaskEvent[]> {
    const rows = await database.db.event.findMany({ orderBy: { id: 'asc' } });
    return rows.map((row) => JSON.parse(row.payload) as TaskEvent);
  }

  it.each([0, 10, 30, 60])('fires a %i-minute reminder at dueAt minus the offset, not a millisecond before', async (offset) => {
    const dueAt = at(2 * HOUR);
    const task = await taskWithReminder(dueAt, offset);
    const fireAt = dueAt.getTime() - offset * 60_000;
    expect((await sweep(new Date(fireAt - 1))).fired).toBe(0);
    const result = await sweep(new Date(fireAt));
    expect(result.fired).toBe(1);
    const [event] = await storedEvents();
    expect(event).toMatchObject({
      type: 'reminder.due',
      userId: 'u1',
      task: { id: Number(task.id), dueAt: dueAt.toISOString(), status: 'pending' },
      reminder: { offsetMinutes: offset, plannedAt: new Date(fireAt).toISOString(), firedAt: new Date(fireAt).toISOString(), lateSeconds: 0, late: false },
    });
    expect(event!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await sweep(new Date(fireAt + HOUR))).fired).toBe(0);
    const reminder = await database.db.reminder.findUniqueOrThrow({ where: { taskId: task.id } });
    expect(reminder).toMatchObject({ state: 'fired', lateMs: 0 });
  });

  it('fires all due reminders across several batches, each exactly once', async () => {
    for (let i = 0; i < 10; i += 1) await taskWithReminder(at(HOUR + i * 1000), 60);
    const result = await sweep(at(HOUR));
    expect(result.fired).toBe(10);
    expect(await database.db.event.count({ where: { type: 'reminder.due' } })).toBe(10);
    expect((await sweep(at(2 * HOUR))).fired).toBe(0);
  });

  it('marks a reminder fired after a downtime as late, with how late', async () => {
    const task = await taskWithReminder(at(2 * HOUR), 60);
    const result = await sweep(at(HOUR + 20 * 60_000));
    expect(result.fired).toBe(1);
    expect(result.events[0]!.reminder).toMatchObject({ late: true, lateSeconds: 1200 });
    const reminder = await database.db.reminder.findUniqueOrThrow({ where: { taskId: task.id } });
    expect(reminder.lateMs).toBe(20 * 60_000);
  });

  it('records a reminder as missed, not fired, when its task is due longer ago than the grace period', async () => {
    const task = await taskWithReminder(at(HOUR), 10);
    const result = await sweep(at(HOUR + HOUR + 1));
    expect(result).toMatchObject({ fired: 0, missed: 1 });
    expect(await database.db.event.count()).toBe(0);
    expect((await database.db.reminder.findUniqueOrThrow({ where: { taskId: task.id } })).state).toBe('missed');
    const withinGrace = await taskWithReminder(at(HOUR), 10);
    expect((await sweep(at(HOUR + HOUR - 1))).fired).toBe(1);
    expect((await database.db.reminder.findUniqueOrThrow({ where: { taskId: withinGrace.id } })).state).toBe('fired');
  });

  it('fires at once a reminder whose time has passed while its task is still ahead', async () => {
    const now = at(0);
    await taskWithReminder(at(5 * 60_000), 30, now);
    const result = await sweep(now);
    expect(result.fired).toBe(1);
    expect(result.events[0]!.reminder).toMatchObject({ plannedAt: now.toISOString(), lateSeconds: 0, late: false });
  });

  it('a change that fails to commit leaves no event and no fired state', async () => {
    const task = await taskWithReminder(at(HOUR), 0);
    await expect(
      database.db.$transaction(async (tx) => {
        await tx.event.create({
          data: { id: 'x', type: 'task.updated', userId: 'u1', taskId: task.id, occurredAt: T0, payload: '{}' },
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await database.db.event.count()).toBe(0);
  });
});
