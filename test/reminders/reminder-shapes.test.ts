import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskEvent } from '../../src/events/task-event.js';
import { expectErrorResponse } from '../support/error-body.js';
import { createManualClock } from '../support/manual-clock.js';
import { createPostgresDatabase, type TestPostgresDatabase } from '../support/postgres.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { waitFor } from '../push/support/push-service.js';

const MINUTE = 60_000;

interface TaskBody {
  id: number;
  dueAt: string | null;
  remindBefore: number | null;
  reminders: Array<Record<string, unknown>>;
  recurrence: string | null;
}

describe.each(PROVIDERS)('reminder shapes on %s', (provider) => {
  const clock = createManualClock(new Date('2026-12-01T08:00:00Z'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-shapes-'));
  let postgres: TestPostgresDatabase | undefined;
  let service: TestService;
  let users = 0;
  const newUser = () => `shaper-${(users += 1)}`;
  const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE).toISOString();

  beforeAll(async () => {
    if (provider === 'postgresql') postgres = await createPostgresDatabase();
    service = await startTestService(provider, {
      clock,
      dataDir,
      env: { REMINDER_SWEEP_INTERVAL: '100ms', REMINDER_LOCK_LIFETIME: '2s' },
      ...(postgres ? { databaseUrl: postgres.url } : {}),
    });
  });
  afterAll(async () => {
    await service?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function createTask(user: string, body: Record<string, unknown>): Promise<TaskBody> {
    const response = await service.request(user, '/tasks', jsonRequest('POST', body));
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as TaskBody;
  }
  const patch = (user: string, id: number, body: Record<string, unknown>) => service.request(user, `/tasks/${id}`, jsonRequest('PATCH', body));
  const getTask = async (user: string, id: number) => (await (await service.request(user, `/tasks/${id}`)).json()) as TaskBody;
  const firings = async (user: string) =>
    (await service.database.db.event.findMany({ where: { userId: user, type: 'reminder.due' }, orderBy: { id: 'asc' } })).map(
      (row) => (JSON.parse(row.payload) as TaskEvent).reminder!,
    );
  /** Moves the clock on in steps the sweep can follow, and lets it catch up. */
  async function advance(minutes: number) {
    clock.advance(minutes * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  const graphql = async (user: string, query: string, variables: Record<string, unknown>) =>
    (await (await service.request(user, '/graphql', jsonRequest('POST', { query, variables }))).json()) as {
      data: Record<string, unknown> | null;
      errors?: Array<{ message: string; extensions?: { code?: string } }>;
    };

  it('fires several reminders of one task, each once, relative and absolute', async () => {
    const user = newUser();
    const task = await createTask(user, {
      title: 'Dentist',
      dueAt: inMinutes(60),
      reminders: [{ before: 45 }, { before: 0 }, { at: inMinutes(30) }],
    });
    expect(task.reminders).toEqual([{ before: 45 }, { before: 0 }, { at: inMinutes(30) }]);
    expect(task.remindBefore).toBe(45);
    expect(await getTask(user, task.id)).toMatchObject({ reminders: task.reminders, remindBefore: 45 });

    await advance(16);
    await waitFor(async () => (await firings(user)).length === 1, 'the 45-minutes-before reminder');
    await advance(15);
    await waitFor(async () => (await firings(user)).length === 2, 'the absolute reminder');
    await advance(30);
    await waitFor(async () => (await firings(user)).length === 3, 'the at-the-time reminder');
    await advance(5);
    const fired = await firings(user);
    expect(fired.map((r) => [r.slot, r.kind, r.ring])).toEqual([
      [0, 'before', 0],
      [2, 'at', 0],
      [1, 'before', 0],
    ]);
    expect(new Set(fired.map((r) => r.reminderId)).size).toBe(3);
  });

  it('fires an absolute reminder of a task without a due time', async () => {
    const user = newUser();
    const task = await createTask(user, { title: 'Call mum', reminders: [{ at: inMinutes(5) }] });
    expect(task).toMatchObject({ dueAt: null, remindBefore: null, reminders: [{ at: inMinutes(5) }] });
    await advance(6);
    await waitFor(async () => (await firings(user)).length === 1, 'the absolute reminder');
    expect((await firings(user))[0]).toMatchObject({ kind: 'at', slot: 0, offsetMinutes: 0 });
  });

  it('nags until the task is completed, and no more than `times`', async () => {
    const user = newUser();
    const task = await createTask(user, { title: 'Take pills', dueAt: inMinutes(10), reminders: [{ before: 0, nag: { every: 5, times: 3 } }] });
    await advance(11);
    await waitFor(async () => (await firings(user)).length === 1, 'the first ring');
    await advance(5);
    await waitFor(async () => (await firings(user)).length === 2, 'the second ring');
    expect((await firings(user)).map((r) => r.ring)).toEqual([0, 1]);
    expect((await service.request(user, `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
    await advance(5);
    await advance(5);
    expect(await firings(user)).toHaveLength(2);

    const other = newUser();
    await createTask(other, { title: 'Water plants', dueAt: inMinutes(10), reminders: [{ before: 0, nag: { every: 5, times: 2 } }] });
    for (let i = 0; i < 6; i += 1) await advance(i === 0 ? 11 : 5);
    await waitFor(async () => (await firings(other)).length === 3, 'the first ring and two more');
    await advance(5);
    expect((await firings(other)).map((r) => r.ring)).toEqual([0, 1, 2]);
  });

  it('stops nagging on snooze: the snoozed reminder rings once more, then no more', async () => {
    const user = newUser();
    const task = await createTask(user, { title: 'Stand up', dueAt: inMinutes(10), reminders: [{ before: 0, nag: { every: 5, times: 5 } }] });
    await advance(11);
    await waitFor(async () => (await firings(user)).length === 1, 'the first ring');
    const response = await service.request(user, `/tasks/${task.id}/snooze`, jsonRequest('POST', { minutes: 30 }));
    expect(response.status).toBe(200);
    for (let i = 0; i < 5; i += 1) await advance(5);
    expect(await firings(user)).toHaveLength(1);
    await advance(6);
    await waitFor(async () => (await firings(user)).length === 2, 'the snoozed ring');
    for (let i = 0; i < 3; i += 1) await advance(5);
    expect(await firings(user)).toHaveLength(2);
  });

  it('re-arms every relative reminder of a repeating task for its next occurrence', async () => {
    const user = newUser();
    const dueAt = inMinutes(60);
    const task = await createTask(user, { title: 'Stand-up', dueAt, recurrence: 'FREQ=DAILY', reminders: [{ before: 30 }, { before: 10 }] });
    await advance(55);
    await waitFor(async () => (await firings(user)).length === 2, 'both reminders of the first occurrence');
    expect((await service.request(user, `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
    const moved = await getTask(user, task.id);
    expect(moved.dueAt).toBe(new Date(new Date(dueAt).getTime() + 24 * 60 * MINUTE).toISOString());
    const rows = await service.database.db.reminder.findMany({ where: { taskId: BigInt(task.id) }, orderBy: { slot: 'asc' } });
    expect(rows.map((r) => [r.slot, r.state, r.fireAt.toISOString()])).toEqual([
      [0, 'scheduled', new Date(new Date(moved.dueAt!).getTime() - 30 * MINUTE).toISOString()],
      [1, 'scheduled', new Date(new Date(moved.dueAt!).getTime() - 10 * MINUTE).toISOString()],
    ]);
  });

  it('snoozes until an instant, and takes exactly one of minutes and until', async () => {
    const user = newUser();
    const task = await createTask(user, { title: 'Read', dueAt: inMinutes(60), remindBefore: 10 });
    const until = new Date(clock.now().getTime() + 3 * 60 * MINUTE);
    const response = await service.request(user, `/tasks/${task.id}/snooze`, jsonRequest('POST', { until: until.toISOString().replace('Z', '+00:00') }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ taskId: task.id, fireAt: until.toISOString(), snoozedUntil: until.toISOString() });
    for (const body of [{}, { minutes: 10, until: until.toISOString() }, { until: 'tonight' }, { until: inMinutes(-5) }, { until: inMinutes(8 * 24 * 60) }]) {
      await expectErrorResponse(await service.request(user, `/tasks/${task.id}/snooze`, jsonRequest('POST', body)), 400);
    }
    const rows = await service.database.db.reminder.findMany({ where: { taskId: BigInt(task.id) } });
    expect(rows.map((r) => r.snoozedUntil?.toISOString())).toEqual([until.toISOString()]);

    const answer = await graphql(user, 'mutation($id: ID!, $until: DateTime) { snoozeReminder(taskId: $id, until: $until) { nextReminderAt } }', {
      id: String(task.id),
      until: inMinutes(90),
    });
    expect(answer.data).toEqual({ snoozeReminder: { nextReminderAt: new Date(inMinutes(90)).toISOString() } });
    const both = await graphql(user, 'mutation($id: ID!) { snoozeReminder(taskId: $id, minutes: 10, until: "2030-01-01T00:00:00Z") { id } }', { id: String(task.id) });
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses invalid reminders with a 400 and changes nothing', async () => {
    const user = newUser();
    const task = await createTask(user, { title: 'Valid', dueAt: inMinutes(60), reminders: [{ before: 10 }] });
    const invalid: unknown[] = [
      [{ before: 40_321 }],
      [{ before: -1 }],
      [{ before: 1.5 }],
      [{ at: 'tomorrow' }],
      [{ before: 10, at: inMinutes(5) }],
      [{}],
      [{ before: 10, nag: { every: 4, times: 1 } }],
      [{ before: 10, nag: { every: 5, times: 13 } }],
      [{ before: 10, nag: { every: 5 } }],
      [{ before: 1 }, { before: 2 }, { before: 3 }, { before: 4 }, { before: 5 }, { before: 6 }],
      'soon',
    ];
    for (const reminders of invalid) {
      await expectErrorResponse(await patch(user, task.id, { reminders }), 400);
      await expectErrorResponse(await service.request(user, '/tasks', jsonRequest('POST', { title: 'x', dueAt: inMinutes(60), reminders })), 400);
    }
    await expectErrorResponse(await service.request(user, '/tasks', jsonRequest('POST', { title: 'x', reminders: [{ before: 10 }] })), 400);
    await expectErrorResponse(await patch(user, task.id, { remindBefore: 10, reminders: [] }), 400);
    expect(await getTask(user, task.id)).toMatchObject({ reminders: [{ before: 10 }], remindBefore: 10 });
  });

  it('remindBefore replaces the relative reminders, keeping the absolute ones; clearing dueAt drops the relative ones', async () => {
    const user = newUser();
    const at = inMinutes(20);
    const task = await createTask(user, { title: 'Mixed', dueAt: inMinutes(60), reminders: [{ before: 15 }, { at }, { before: 5 }] });
    let answer = await patch(user, task.id, { remindBefore: 30 });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ remindBefore: 30, reminders: [{ before: 30 }, { at }] });
    answer = await patch(user, task.id, { dueAt: null });
    expect(await answer.json()).toMatchObject({ remindBefore: null, reminders: [{ at }] });
    answer = await patch(user, task.id, { reminders: null });
    expect(await answer.json()).toMatchObject({ remindBefore: null, reminders: [] });
    const rows = await service.database.db.reminder.findMany({ where: { taskId: BigInt(task.id) } });
    expect(rows.every((r) => r.state === 'cancelled')).toBe(true);
  });

  it('GraphQL takes and shows the same reminders as REST', async () => {
    const user = newUser();
    const dueAt = inMinutes(120);
    const at = inMinutes(30);
    const created = await graphql(
      user,
      `mutation($input: CreateTaskInput!) { createTask(input: $input) { id remindBefore reminder reminders { before at nag { every times } } reminderSchedules { slot kind state } } }`,
      { input: { title: 'Parity', dueAt, reminders: [{ before: 15, nag: { every: 10, times: 2 } }, { at }] } },
    );
    expect(created.errors).toBeUndefined();
    const task = created.data!.createTask as { id: string };
    expect(created.data!.createTask).toMatchObject({
      remindBefore: 15,
      reminder: null,
      reminders: [
        { before: 15, at: null, nag: { every: 10, times: 2 } },
        { before: null, at: new Date(at).toISOString(), nag: null },
      ],
      reminderSchedules: [
        { slot: 0, kind: 'BEFORE', state: 'SCHEDULED' },
        { slot: 1, kind: 'AT', state: 'SCHEDULED' },
      ],
    });
    expect(await getTask(user, Number(task.id))).toMatchObject({ reminders: [{ before: 15, nag: { every: 10, times: 2 } }, { at: new Date(at).toISOString() }] });
    const refused = await graphql(user, 'mutation($input: UpdateTaskInput!) { updateTask(input: $input) { id } }', {
      input: { id: task.id, reminders: [{ before: 10, at }] },
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const updated = await graphql(user, 'mutation($input: UpdateTaskInput!) { updateTask(input: $input) { reminders { before at } } }', {
      input: { id: task.id, reminder: 'HOUR_1' },
    });
    expect(updated.data).toEqual({ updateTask: { reminders: [{ before: 60, at: null }, { before: null, at: new Date(at).toISOString() }] } });
  });
});
