import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, graphqlRequest } from '../support/graphql-client.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { CompleteTaskMutation, CreateTaskMutation, ReopenTaskMutation, TaskQuery, UpdateTaskMutation } from './documents.js';
import type { CreateTaskInput, ReminderOffset, UpdateTaskInput } from './generated/graphql.js';

const MINUTE = 60_000;
const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();

describe.each(PROVIDERS)('reminders in GraphQL on %s', (provider) => {
  let service: TestService;
  const clock = createManualClock(T0);
  beforeAll(async () => {
    service = await startTestService(provider, { clock, env: { REMINDER_SWEEP_INTERVAL: '200ms' } });
  });
  afterAll(async () => service?.close());

  const create = async (user: string, input: CreateTaskInput) => (await graphqlData(service, user, CreateTaskMutation, { input })).createTask!;
  const read = async (user: string, id: string) => (await graphqlData(service, user, TaskQuery, { id })).task!;
  const expectBadInput = async (response: Promise<{ body: { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> } }>) => {
    const { body } = await response;
    expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body)).toBe('BAD_USER_INPUT');
  };

  it.each<[ReminderOffset, number]>([
    ['AT_TIME', 0],
    ['MINUTES_10', 10],
    ['MINUTES_30', 30],
    ['HOUR_1', 60],
  ])('createTask with reminder %s schedules it %i minutes before dueAt, shown as the enum, in minutes and as nextReminderAt', async (reminder, minutes) => {
    const task = await create('offsets', { title: `remind ${reminder}`, dueAt: at(120 * MINUTE), reminder });
    expect(task).toMatchObject({ reminder, remindBefore: minutes, nextReminderAt: at((120 - minutes) * MINUTE) });
    const rest = (await (await service.request('offsets', '/tasks?status=all&limit=200')).json()) as Array<{ id: number; remindBefore: number }>;
    expect(rest.find((t) => String(t.id) === task.id)?.remindBefore).toBe(minutes);
  });

  it('nextReminderAt is now when the fire time has already passed but the task is still ahead', async () => {
    const task = await create('soon', { title: 'in five minutes', dueAt: at(5 * MINUTE), reminder: 'HOUR_1' });
    expect(task).toMatchObject({ reminder: 'HOUR_1', nextReminderAt: T0.toISOString() });
  });

  it('updateTask reschedules with a new reminder or dueAt, and reminder: null or dueAt: null clears it', async () => {
    const task = await create('editor', { title: 'meeting', dueAt: at(180 * MINUTE), reminder: 'MINUTES_10' });
    const update = async (input: Omit<UpdateTaskInput, 'id'>) =>
      (await graphqlData(service, 'editor', UpdateTaskMutation, { input: { id: task.id, ...input } })).updateTask!;

    expect(await update({ reminder: 'HOUR_1' })).toMatchObject({ reminder: 'HOUR_1', remindBefore: 60, nextReminderAt: at(120 * MINUTE) });
    expect(await update({ dueAt: at(240 * MINUTE) })).toMatchObject({ reminder: 'HOUR_1', nextReminderAt: at(180 * MINUTE) });
    expect(await update({ title: 'renamed' })).toMatchObject({ reminder: 'HOUR_1', nextReminderAt: at(180 * MINUTE) });
    expect(await update({ reminder: null })).toMatchObject({ reminder: null, remindBefore: null, nextReminderAt: null, dueAt: at(240 * MINUTE) });
    expect((await read('editor', task.id)).reminderSchedule?.state).toBe('CANCELLED');

    expect(await update({ reminder: 'AT_TIME' })).toMatchObject({ reminder: 'AT_TIME', nextReminderAt: at(240 * MINUTE) });
    expect(await update({ dueAt: null })).toMatchObject({ dueAt: null, reminder: null, nextReminderAt: null });
  });

  it('refuses a reminder without a dueAt, and reminder together with remindBefore, with BAD_USER_INPUT; an unknown offset fails validation', async () => {
    await expectBadInput(graphqlRequest(service, 'strict', CreateTaskMutation, { input: { title: 'no due time', reminder: 'AT_TIME' } }));
    await expectBadInput(
      graphqlRequest(service, 'strict', CreateTaskMutation, { input: { title: 'both', dueAt: at(60 * MINUTE), reminder: 'AT_TIME', remindBefore: 0 } }),
    );
    const unknown = await graphqlRequest(service, 'strict', 'mutation { createTask(input: {title: "x", dueAt: "2026-11-22T10:00:00Z", reminder: MINUTES_15}) { id } }');
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const undated = await create('strict', { title: 'undated' });
    await expectBadInput(graphqlRequest(service, 'strict', UpdateTaskMutation, { input: { id: undated.id, reminder: 'MINUTES_30' } }));
    expect(await read('strict', undated.id)).toMatchObject({ reminder: null, nextReminderAt: null, reminderSchedule: null });
    const rest = (await (await service.request('strict', '/tasks?status=all')).json()) as unknown[];
    expect(rest).toHaveLength(1);
  });

  it('completing clears nextReminderAt, reopening schedules it again, and once fired it is null', async () => {
    const task = await create('lifecycle', { title: 'call back', dueAt: at(90 * MINUTE), reminder: 'MINUTES_30' });
    const completed = (await graphqlData(service, 'lifecycle', CompleteTaskMutation, { id: task.id })).completeTask!;
    expect(completed).toMatchObject({ status: 'COMPLETED', reminder: 'MINUTES_30', nextReminderAt: null });
    const reopened = (await graphqlData(service, 'lifecycle', ReopenTaskMutation, { id: task.id })).reopenTask!;
    expect(reopened).toMatchObject({ status: 'PENDING', nextReminderAt: at(60 * MINUTE) });

    // The sweep (every 200 ms) reads the service's clock: move it past the fire time and wait.
    const viaRest = (await (await service.request('lifecycle', '/tasks', jsonRequest('POST', { title: 'rest', dueAt: at(90 * MINUTE), remindBefore: 30 }))).json()) as { id: number };
    clock.set(new Date(T0.getTime() + 61 * MINUTE));
    const deadline = Date.now() + 10_000;
    let fired = await read('lifecycle', task.id);
    while (fired.reminderSchedule?.state !== 'FIRED' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      fired = await read('lifecycle', task.id);
    }
    expect(fired).toMatchObject({ reminder: 'MINUTES_30', nextReminderAt: null, reminderSchedule: { state: 'FIRED' } });
    expect(await read('lifecycle', String(viaRest.id))).toMatchObject({ reminder: 'MINUTES_30', nextReminderAt: null });
    clock.set(T0);
  });
});
