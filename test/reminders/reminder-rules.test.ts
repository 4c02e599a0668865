import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext, type ServiceContext } from '../../src/context.js';
import type { TaskEvent } from '../../src/events/task-event.js';
import { createLogger } from '../../src/logger.js';
import { createTaskStore } from '../../src/tasks/store/create-task-store.js';
import { fireDueReminders } from '../../src/reminders/fire-due-reminders.js';
import { nextReminderAt } from '../../src/reminders/sync-task-reminder.js';
import { completeTask } from '../../src/tasks/complete-task.js';
import { createTask } from '../../src/tasks/create-task.js';
import { deleteTask } from '../../src/tasks/delete-task.js';
import { reopenTask } from '../../src/tasks/reopen-task.js';
import { updateTask } from '../../src/tasks/update-task.js';
import { createManualClock } from '../support/manual-clock.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { PROVIDERS } from '../support/test-service.js';

const MINUTE = 60_000;
const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(PROVIDERS)('reminder rules on %s', (provider) => {
  let database: TestDatabase;
  const clock = createManualClock(T0);
  let ctx: ServiceContext;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    await database.db.user.create({ data: { id: 'rules' } });
    ctx = createContext(
      {
        db: database.db,
        clock,
        logger: createLogger('silent'),
        events: { eventsRecorded: () => undefined },
        store: createTaskStore(database.raw),
      },
      'rules',
    );
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    clock.set(T0);
    await database.db.event.deleteMany();
    await database.db.task.deleteMany();
  });

  const sweep = () => fireDueReminders({ db: database.db, provider, now: clock.now, graceMs: 60 * MINUTE });
  const next = (id: bigint) => nextReminderAt(database.db, id);
  const firedFor = async (id: bigint) =>
    (await database.db.event.findMany({ where: { type: 'reminder.due', taskId: id } })).map(
      (row) => JSON.parse(row.payload) as TaskEvent,
    );

  it('schedules a new task’s reminder at dueAt minus the offset', async () => {
    const task = await createTask(ctx, { title: 'dentist', dueAt: at(120 * MINUTE).toISOString(), remindBefore: 30 });
    expect(task.remindBefore).toBe(30);
    expect(await next(task.id)).toEqual(at(90 * MINUTE));
  });

  it('schedules nothing without remindBefore, and refuses remindBefore without dueAt or outside 0/10/30/60', async () => {
    const plain = await createTask(ctx, { title: 'no reminder', dueAt: at(MINUTE).toISOString() });
    expect(await next(plain.id)).toBeNull();
    await expect(createTask(ctx, { title: 'x', remindBefore: 10 })).rejects.toMatchObject({ status: 400 });
    for (const bad of [5, 15, -10, 120, 10.5]) {
      await expect(createTask(ctx, { title: 'x', dueAt: at(MINUTE).toISOString(), remindBefore: bad })).rejects.toMatchObject({ status: 400 });
    }
    expect(await database.db.task.count({ where: { title: 'x' } })).toBe(0);
  });

  it('reschedules when dueAt or the offset changes', async () => {
    const task = await createTask(ctx, { title: 'meeting', dueAt: at(120 * MINUTE).toISOString(), remindBefore: 10 });
    await updateTask(ctx, task.id, { dueAt: at(240 * MINUTE).toISOString() });
    expect(await next(task.id)).toEqual(at(230 * MINUTE));
    await updateTask(ctx, task.id, { remindBefore: 60 });
    expect(await next(task.id)).toEqual(at(180 * MINUTE));
    await updateTask(ctx, task.id, { remindBefore: null });
    expect(await next(task.id)).toBeNull();
    clock.set(at(300 * MINUTE));
    expect((await sweep()).fired).toBe(0);
  });

  it('fires the rescheduled time, not the old one', async () => {
    const task = await createTask(ctx, { title: 'moved', dueAt: at(60 * MINUTE).toISOString(), remindBefore: 0 });
    await updateTask(ctx, task.id, { dueAt: at(90 * MINUTE).toISOString() });
    clock.set(at(60 * MINUTE));
    expect((await sweep()).fired).toBe(0);
    clock.set(at(90 * MINUTE));
    expect((await sweep()).fired).toBe(1);
    expect((await firedFor(task.id))[0]!.reminder!.plannedAt).toBe(at(90 * MINUTE).toISOString());
  });

  it('completing cancels; reopening reschedules while the reminder is still ahead', async () => {
    const task = await createTask(ctx, { title: 'call', dueAt: at(120 * MINUTE).toISOString(), remindBefore: 60 });
    await completeTask(ctx, task.id);
    expect(await next(task.id)).toBeNull();
    clock.set(at(60 * MINUTE));
    expect((await sweep()).fired).toBe(0);
    clock.set(at(30 * MINUTE));
    await reopenTask(ctx, task.id);
    expect(await next(task.id)).toEqual(at(60 * MINUTE));
  });

  it('reopening after the fire time but before dueAt fires at once; after dueAt it schedules nothing', async () => {
    const soon = await createTask(ctx, { title: 'soon', dueAt: at(60 * MINUTE).toISOString(), remindBefore: 30 });
    await completeTask(ctx, soon.id);
    clock.set(at(45 * MINUTE));
    await reopenTask(ctx, soon.id);
    expect(await next(soon.id)).toEqual(at(45 * MINUTE));
    expect((await sweep()).fired).toBe(1);

    const late = await createTask(ctx, { title: 'late', dueAt: at(50 * MINUTE).toISOString(), remindBefore: 10 });
    await completeTask(ctx, late.id);
    clock.set(at(70 * MINUTE));
    await reopenTask(ctx, late.id);
    expect(await next(late.id)).toBeNull();
  });

  it('a task created due soon, inside its offset, is reminded at once', async () => {
    const task = await createTask(ctx, { title: 'in 5 min', dueAt: at(5 * MINUTE).toISOString(), remindBefore: 60 });
    expect(await next(task.id)).toEqual(T0);
    expect((await sweep()).fired).toBe(1);
  });

  it('editing the title after the reminder fired does not fire it again', async () => {
    const task = await createTask(ctx, { title: 'once', dueAt: at(30 * MINUTE).toISOString(), remindBefore: 10 });
    clock.set(at(20 * MINUTE));
    expect((await sweep()).fired).toBe(1);
    await updateTask(ctx, task.id, { title: 'once, renamed', description: 'still once' });
    clock.set(at(25 * MINUTE));
    expect((await sweep()).fired).toBe(0);
    expect(await firedFor(task.id)).toHaveLength(1);
  });

  it('deleting cancels: the reminder never fires', async () => {
    const task = await createTask(ctx, { title: 'gone', dueAt: at(30 * MINUTE).toISOString(), remindBefore: 0 });
    await deleteTask(ctx, task.id);
    clock.set(at(30 * MINUTE));
    expect((await sweep()).fired).toBe(0);
    expect(await database.db.reminder.count()).toBe(0);
  });

  it('records one event per change, in order, with the task in its REST shape', async () => {
    const task = await createTask(ctx, { title: 'evented', dueAt: at(30 * MINUTE).toISOString(), remindBefore: 10 });
    await updateTask(ctx, task.id, { title: 'evented 2' });
    clock.set(at(20 * MINUTE));
    await sweep();
    await completeTask(ctx, task.id);
    await completeTask(ctx, task.id);
    await reopenTask(ctx, task.id);
    await deleteTask(ctx, task.id);
    const events = (await database.db.event.findMany({ orderBy: { id: 'asc' } })).map((r) => JSON.parse(r.payload) as TaskEvent);
    expect(events.map((e) => e.type)).toEqual([
      'task.created', 'task.updated', 'reminder.due', 'task.completed', 'task.reopened', 'task.deleted',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(events[1]!.task).toEqual({
      id: Number(task.id), title: 'evented 2', description: '', dueAt: at(30 * MINUTE).toISOString(),
      priority: 'low', status: 'pending', remindBefore: 10, reminders: [{ before: 10 }], recurrence: null,
      listId: Number(task.listId), labels: [], assigneeId: null, createdBy: 'rules',
    });
    expect(events.map((e) => [e.actor, e.listId])).toEqual([
      ...Array.from({ length: 2 }, () => ['rules', Number(task.listId)]),
      [null, Number(task.listId)],
      ...Array.from({ length: 3 }, () => ['rules', Number(task.listId)]),
    ]);
  });

  it('outbox atomicity: when the transaction fails after the event is written, neither task nor event remains', async () => {
    const failOnEvent =
      provider === 'postgresql'
        ? [
            `CREATE OR REPLACE FUNCTION fail_event() RETURNS trigger AS $$ BEGIN
               IF NEW.payload LIKE '%FAIL-ME%' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
            `CREATE TRIGGER fail_event BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION fail_event()`,
          ]
        : [
            `CREATE TRIGGER fail_event BEFORE INSERT ON events WHEN NEW.payload LIKE '%FAIL-ME%'
             BEGIN SELECT RAISE(ABORT, 'refused'); END`,
          ];
    for (const sql of failOnEvent) await database.db.$executeRawUnsafe(sql);
    try {
      await expect(
        createTask(ctx, { title: 'FAIL-ME', dueAt: at(30 * MINUTE).toISOString(), remindBefore: 10 }),
      ).rejects.toThrow();
      expect(await database.db.task.count()).toBe(0);
      expect(await database.db.reminder.count()).toBe(0);
      expect(await database.db.event.count()).toBe(0);
      const ok = await createTask(ctx, { title: 'fine' });
      await updateTask(ctx, ok.id, { title: 'FAIL-ME' }).catch(() => undefined);
      expect((await database.db.task.findUniqueOrThrow({ where: { id: ok.id } })).title).toBe('fine');
      expect(await database.db.event.count()).toBe(1);
    } finally {
      await database.db.$executeRawUnsafe('DROP TRIGGER IF EXISTS fail_event' + (provider === 'postgresql' ? ' ON events' : ''));
    }
  });
});
