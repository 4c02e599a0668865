import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { createManualClock } from '../support/manual-clock.js';
import { createPostgresDatabase, type TestPostgresDatabase } from '../support/postgres.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { waitFor } from './support/push-service.js';

const MINUTE = 60_000;

describe.each(PROVIDERS)('snoozing a reminder on %s', (provider) => {
  const clock = createManualClock(new Date());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-snooze-'));
  let postgres: TestPostgresDatabase | undefined;
  let service: TestService;
  let users = 0;
  const newUser = () => `snoozer-${(users += 1)}`;

  const start = async () =>
    startTestService(provider, { clock, dataDir, env: { REMINDER_SWEEP_INTERVAL: '100ms', REMINDER_LOCK_LIFETIME: '2s' }, ...(postgres ? { databaseUrl: postgres.url } : {}) });

  beforeAll(async () => {
    if (provider === 'postgresql') postgres = await createPostgresDatabase();
    service = await start();
  });
  afterAll(async () => {
    await service?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function createTask(user: string, body: Record<string, unknown>) {
    const response = await service.request(user, '/tasks', jsonRequest('POST', body));
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; dueAt: string | null };
  }
  const snooze = (user: string, id: number, minutes: unknown) => service.request(user, `/tasks/${id}/snooze`, jsonRequest('POST', { minutes }));
  const firings = (user: string) => service.database.db.event.count({ where: { userId: user, type: 'reminder.due' } });
  async function schedule(user: string, id: number) {
    const response = await service.request(
      user,
      '/graphql',
      jsonRequest('POST', { query: 'query($id: ID!) { task(id: $id) { dueAt reminderSchedule { state fireAt snoozedUntil } } }', variables: { id: String(id) } }),
    );
    return ((await response.json()) as { data: { task: { dueAt: string | null; reminderSchedule: Record<string, string | null> | null } } }).data.task;
  }

  it('fires again that many minutes from now, keeps dueAt, and shows the snooze on the task', async () => {
    const user = newUser();
    const dueAt = new Date(clock.now().getTime() + 2 * MINUTE);
    const task = await createTask(user, { title: 'Stretch', dueAt: dueAt.toISOString(), remindBefore: 0 });
    clock.advance(2 * MINUTE + 1000);
    await waitFor(async () => (await firings(user)) === 1, 'the first firing');

    const response = await snooze(user, task.id, 10);
    expect(response.status).toBe(200);
    const snoozedUntil = new Date(clock.now().getTime() + 10 * MINUTE).toISOString();
    expect(await response.json()).toEqual({ taskId: task.id, fireAt: snoozedUntil, snoozedUntil });
    expect(await schedule(user, task.id)).toEqual({
      dueAt: dueAt.toISOString(),
      reminderSchedule: { state: 'SCHEDULED', fireAt: snoozedUntil, snoozedUntil },
    });
    // Editing something else keeps the snooze.
    expect((await service.request(user, `/tasks/${task.id}`, jsonRequest('PATCH', { title: 'Stretch well' }))).status).toBe(200);
    clock.advance(9 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await firings(user)).toBe(1);
    clock.advance(MINUTE);
    await waitFor(async () => (await firings(user)) === 2, 'the snoozed firing');
    const events = await service.database.db.event.findMany({ where: { userId: user, type: 'reminder.due' }, orderBy: { id: 'asc' } });
    expect(JSON.parse(events[1]!.payload).reminder.plannedAt).toBe(snoozedUntil);
    expect((await schedule(user, task.id)).reminderSchedule).toMatchObject({ state: 'FIRED' });
  });

  it('survives a restart', async () => {
    const user = newUser();
    const task = await createTask(user, { title: 'Call back', dueAt: new Date(clock.now().getTime() + 3 * 60 * MINUTE).toISOString(), remindBefore: 60 });
    expect((await snooze(user, task.id, 5)).status).toBe(200);
    await service.close();
    service = await start();
    clock.advance(5 * MINUTE);
    await waitFor(async () => (await firings(user)) === 1, 'the snoozed firing after the restart');
  });

  it('works in GraphQL, and for a task with no reminder of its own', async () => {
    const user = newUser();
    const task = await createTask(user, { title: 'No due time' });
    const response = await service.request(
      user,
      '/graphql',
      jsonRequest('POST', {
        query: 'mutation($id: ID!) { snoozeReminder(taskId: $id, minutes: 5) { id dueAt reminderSchedule { state snoozedUntil } } }',
        variables: { id: String(task.id) },
      }),
    );
    const body = (await response.json()) as { data: { snoozeReminder: Record<string, any> } };
    expect(body.data.snoozeReminder).toEqual({
      id: String(task.id),
      dueAt: null,
      reminderSchedule: { state: 'SCHEDULED', snoozedUntil: new Date(clock.now().getTime() + 5 * MINUTE).toISOString() },
    });
    clock.advance(5 * MINUTE);
    await waitFor(async () => (await firings(user)) === 1, 'the firing');
  });

  it('refuses bad minutes (400), a completed task (409) and another user’s task (404), changing nothing', async () => {
    const user = newUser();
    const task = await createTask(user, { title: 'Pay rent', dueAt: new Date(clock.now().getTime() + 60 * MINUTE).toISOString(), remindBefore: 10 });
    const before = await schedule(user, task.id);
    for (const minutes of [4, 1441, 5.5, '10', null]) await expectErrorResponse(await snooze(user, task.id, minutes), 400);
    await expectErrorResponse(await snooze(newUser(), task.id, 10), 404);
    await expectErrorResponse(await snooze(user, 999_999_999, 10), 404);
    expect(await schedule(user, task.id)).toEqual(before);
    expect((await service.request(user, `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectErrorResponse(await snooze(user, task.id, 10), 409);
    const gql = await service.request(
      user,
      '/graphql',
      jsonRequest('POST', { query: 'mutation($id: ID!) { snoozeReminder(taskId: $id, minutes: 10) { id } }', variables: { id: String(task.id) } }),
    );
    expect(((await gql.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('CONFLICT');
  });
});
