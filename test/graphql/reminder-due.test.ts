import type { ExecutionResult } from 'graphql';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, openWsClient, subscribeWs, waitForSubscriber, type Inbox } from '../support/graphql-client.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { CreateTaskMutation, DeleteTaskMutation, ReminderDueSubscription, TaskChangedWithScheduleSubscription } from './documents.js';
import type { ReminderDueSubscription as ReminderDueResult } from './generated/graphql.js';

type Due = ReminderDueResult['reminderDue'];

async function nextDue(inbox: Inbox<ExecutionResult<ReminderDueResult>>): Promise<Due> {
  const result = await inbox.next(10_000);
  expect(result.errors).toBeUndefined();
  return result.data!.reminderDue;
}

describe.each(PROVIDERS)('reminderDue subscription on %s', (provider) => {
  let service: TestService;
  const clients: Client[] = [];
  beforeAll(async () => {
    // Real clock and a real sweep, as fast as a deployment could set it.
    service = await startTestService(provider, { env: { REMINDER_SWEEP_INTERVAL: '200ms' } });
  });
  afterAll(async () => {
    for (const client of clients) await client.dispose();
    await service?.close();
  });

  const subscribe = async (userId: string) => {
    const client = openWsClient(service, `Bearer ${await service.token(userId)}`);
    clients.push(client);
    return subscribeWs(client, ReminderDueSubscription);
  };

  it("a graphql-ws subscriber receives its reminder when it fires, ~2 s after creation, and never another user's", async () => {
    const alice = await subscribe('due-alice');
    const bob = await subscribe('due-bob');
    await waitForSubscriber(service, 'due-alice');
    await waitForSubscriber(service, 'due-bob');

    const dueAt = new Date(Date.now() + 2_000).toISOString();
    const task = (await graphqlData(service, 'due-alice', CreateTaskMutation, { input: { title: 'stand up', dueAt, reminder: 'AT_TIME' } }))
      .createTask!;
    expect(task.nextReminderAt).toBe(task.dueAt);

    const due = await nextDue(alice.inbox);
    const received = Date.now();
    expect(due).toMatchObject({
      offset: 'AT_TIME',
      plannedAt: task.dueAt,
      late: false,
      task: { id: task.id, title: 'stand up', dueAt: task.dueAt, reminder: 'AT_TIME', status: 'PENDING', nextReminderAt: null },
    });
    expect(due.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const firedAt = Date.parse(due.firedAt);
    // Not before its time, and on time: one sweep interval plus the relay, with room for a busy machine.
    expect(firedAt).toBeGreaterThanOrEqual(Date.parse(task.dueAt!));
    expect(firedAt - Date.parse(task.dueAt!)).toBeLessThan(1_500);
    // lateSeconds is how long after its planned time it fired (to a tenth of a second).
    expect(due.lateSeconds).toBe(Math.round((firedAt - Date.parse(due.plannedAt)) / 100) / 10);
    expect(due.lateSeconds).toBeLessThan(1.5);
    expect(received - Date.parse(task.dueAt!)).toBeLessThan(3_000);

    // Bob's own reminder (fire time already past, so at once) is the first thing he receives: alice's
    // never reached him. And alice receives nothing of bob's.
    const bobs = (
      await graphqlData(service, 'due-bob', CreateTaskMutation, {
        input: { title: "bob's", dueAt: new Date(Date.now() + 5 * 60_000).toISOString(), reminder: 'MINUTES_10' },
      })
    ).createTask!;
    const bobDue = await nextDue(bob.inbox);
    expect(bobDue).toMatchObject({ offset: 'MINUTES_10', task: { id: bobs.id, title: "bob's" } });
    // Ten minutes before a task due in five is already past: planned for the moment it was created.
    expect(Math.abs(Date.parse(bobDue.plannedAt) - Date.parse(bobs.createdAt))).toBeLessThan(1_000);
    expect(await bob.inbox.nothingWithin(300)).toBeUndefined();
    expect(await alice.inbox.nothingWithin(300)).toBeUndefined();
    alice.close();
    bob.close();
  });

  it('taskChanged shows the reminder schedule as it changes, and none (without an error) once the task is deleted', async () => {
    const client = openWsClient(service, `Bearer ${await service.token('due-carol')}`);
    clients.push(client);
    const changes = subscribeWs(client, TaskChangedWithScheduleSubscription);
    await waitForSubscriber(service, 'due-carol');
    const dueAt = new Date(Date.now() + 3_600_000).toISOString();
    const task = (await graphqlData(service, 'due-carol', CreateTaskMutation, { input: { title: 'later', dueAt, reminder: 'MINUTES_30' } })).createTask!;
    const created = await changes.inbox.next();
    expect(created.errors).toBeUndefined();
    expect(created.data!.taskChanged).toMatchObject({
      type: 'CREATED',
      task: { id: task.id, reminder: 'MINUTES_30', nextReminderAt: task.nextReminderAt, reminderSchedule: { state: 'SCHEDULED', fireAt: task.nextReminderAt } },
    });
    await graphqlData(service, 'due-carol', DeleteTaskMutation, { id: task.id });
    const deleted = await changes.inbox.next();
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data!.taskChanged).toMatchObject({ type: 'DELETED', task: { id: task.id, nextReminderAt: null, reminderSchedule: null } });
    changes.close();
  });
});
