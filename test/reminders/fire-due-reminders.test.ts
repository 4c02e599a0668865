import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireDueReminders } from '../../src/reminders/fire-due-reminders.js';
import { syncTaskReminder } from '../../src/reminders/sync-task-reminder.js';
import type { TaskEvent } from '../../src/events/task-event.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { PROVIDERS } from '../support/test-service.js';
import { inboxOf } from '../support/inbox.js';

const HOUR = 3_600_000;
const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(PROVIDERS)('firing due reminders on %s', (provider) => {
  let database: TestDatabase;
  let listId: bigint;
  beforeAll(async () => {
    database = await createTestDatabase(provider);
    await database.db.user.create({ data: { id: 'u1' } });
    listId = await inboxOf(database.db, 'u1');
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.event.deleteMany();
    await database.db.task.deleteMany();
  });

  async function taskWithReminder(dueAt: Date, remindBefore: number, now = T0) {
    const task = await database.db.task.create({
      data: { userId: 'u1', listId, title: `due ${dueAt.toISOString()}`, dueAt, remindBefore, createdAt: now, updatedAt: now },
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
    const reminder = await database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: task.id, slot: 0 } } });
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
    const reminder = await database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: task.id, slot: 0 } } });
    expect(reminder.lateMs).toBe(20 * 60_000);
  });

  it('records a reminder as missed, not fired, when its task is due longer ago than the grace period', async () => {
    const task = await taskWithReminder(at(HOUR), 10);
    const result = await sweep(at(HOUR + HOUR + 1));
    expect(result).toMatchObject({ fired: 0, missed: 1 });
    expect(await database.db.event.count()).toBe(0);
    expect((await database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: task.id, slot: 0 } } })).state).toBe('missed');
    const withinGrace = await taskWithReminder(at(HOUR), 10);
    expect((await sweep(at(HOUR + HOUR - 1))).fired).toBe(1);
    expect((await database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: withinGrace.id, slot: 0 } } })).state).toBe('fired');
  });

  it('fires at once a reminder whose time has passed while its task is still ahead', async () => {
    const now = at(0);
    await taskWithReminder(at(5 * 60_000), 30, now);
    const result = await sweep(now);
    expect(result.fired).toBe(1);
    expect(result.events[0]!.reminder).toMatchObject({ plannedAt: now.toISOString(), lateSeconds: 0, late: false });
  });

  /**
   * Makes the database itself refuse one write of a sweep: a trigger raises for the row of one task,
   * either as its `reminder.due` event goes into the outbox or as its reminder is marked fired. The
   * sweep writes the outbox first on SQLite and marks the rows first on PostgreSQL, so between the two
   * each provider has a failure that comes after another write of the same batch.
   */
  async function refuseWrite(write: 'outbox insert' | 'fired mark', taskId: bigint): Promise<() => Promise<void>> {
    const [operation, table, condition] =
      write === 'outbox insert'
        ? ['INSERT', 'events', `NEW.task_id = ${taskId}`]
        : ['UPDATE', 'reminders', `NEW.task_id = ${taskId} AND NEW.state <> 'scheduled'`];
    const db = database.db;
    if (provider === 'sqlite') {
      await db.$executeRawUnsafe(
        `CREATE TRIGGER refuse_write BEFORE ${operation} ON ${table} WHEN ${condition} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
      );
      return async () => void (await db.$executeRawUnsafe('DROP TRIGGER refuse_write'));
    }
    await db.$executeRawUnsafe(
      `CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER refuse_write BEFORE ${operation} ON ${table} FOR EACH ROW WHEN (${condition}) EXECUTE FUNCTION refuse_write()`,
    );
    return async () => {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_write ON ${table}`);
      await db.$executeRawUnsafe('DROP FUNCTION refuse_write()');
    };
  }

  it.each(['outbox insert', 'fired mark'] as const)(
    'a batch whose %s fails leaves none of its reminders fired and none of their events; earlier batches stay, and the next sweep fires the rest once',
    async (write) => {
      // Batches of three in fire_at order: tasks 0-2, then 3-4.
      const tasks = [];
      for (let i = 0; i < 5; i += 1) tasks.push(await taskWithReminder(at(HOUR + i * 1000), 60));
      const allow = await refuseWrite(write, tasks[4]!.id);
      try {
        await expect(sweep(at(HOUR + 10_000))).rejects.toThrow(/refused by the test/);
      } finally {
        await allow();
      }

      const eventTaskIds = async () => (await storedEvents()).map((event) => ('task' in event ? event.task.id : null));
      const states = async () =>
        (await database.db.reminder.findMany({ orderBy: { fireAt: 'asc' } })).map((reminder) => [Number(reminder.taskId), reminder.state]);
      const ids = tasks.map((task) => Number(task.id));
      expect(await eventTaskIds()).toEqual(ids.slice(0, 3));
      expect(await states()).toEqual([
        [ids[0], 'fired'], [ids[1], 'fired'], [ids[2], 'fired'],
        // Task 3's own writes succeeded, but they were in the failed batch.
        [ids[3], 'scheduled'], [ids[4], 'scheduled'],
      ]);

      const retry = await sweep(at(HOUR + 20_000));
      expect(retry.fired).toBe(2);
      expect(await eventTaskIds()).toEqual(ids);
      expect((await states()).map(([, state]) => state)).toEqual(Array(5).fill('fired'));
    },
  );

  it('fires each slot of several tasks once per ring, with concurrent sweeps, nags included, then no more', async () => {
    const dueAt = at(2 * HOUR);
    const specs = JSON.stringify([{ before: 30 }, { before: 0, nag: { every: 5, times: 2 } }, { at: at(HOUR).toISOString() }]);
    const tasks = [];
    for (let i = 0; i < 7; i += 1) {
      const task = await database.db.task.create({
        data: { userId: 'u1', listId, title: `several ${i}`, dueAt, remindBefore: 30, reminderSpecs: specs, createdAt: T0, updatedAt: T0 },
      });
      await database.db.$transaction((tx) => syncTaskReminder(tx, task, T0));
      tasks.push(task);
    }
    expect(await database.db.reminder.count({ where: { state: 'scheduled' } })).toBe(21);
    // Every ring's moment, each swept by four sweepers at once (batches of 3 across 7 tasks).
    const moments = [at(HOUR), at(90 * 60_000), dueAt, at(2 * HOUR + 5 * 60_000), at(2 * HOUR + 10 * 60_000), at(2 * HOUR + 15 * 60_000)];
    for (const now of moments) await Promise.all([sweep(now), sweep(now), sweep(now), sweep(now)]);
    const events = await storedEvents();
    // Per task: the absolute one, 30 minutes before, at the time and two nags.
    expect(events).toHaveLength(7 * 5);
    const rings = events.map((event) => `${event.task.id}/${event.reminder!.slot}/${event.reminder!.ring}`);
    expect(new Set(rings).size).toBe(rings.length);
    for (const task of tasks) {
      const own = events.filter((event) => event.task.id === Number(task.id)).map((event) => [event.reminder!.slot, event.reminder!.kind, event.reminder!.ring]);
      expect(own).toEqual([
        [2, 'at', 0],
        [0, 'before', 0],
        [1, 'before', 0],
        [1, 'before', 1],
        [1, 'before', 2],
      ]);
    }
    expect(await database.db.reminder.count({ where: { state: 'scheduled' } })).toBe(0);
  });
});
