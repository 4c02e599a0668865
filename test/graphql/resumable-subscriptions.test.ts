import type { ExecutionResult } from 'graphql';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/events/uuid-v7.js';
import {
  graphqlData,
  openWsClient,
  subscribeSse,
  subscribeWs,
  waitForSubscriber,
  type Inbox,
} from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../webhooks/support/receiver.js';
import { CompleteTaskMutation, CreateTaskMutation, ReminderDueSubscription, TaskChangedSubscription, TaskQuery, UpdateTaskMutation } from './documents.js';
import type { ReminderDueSubscription as ReminderDue, TaskChangedSubscription as TaskChanged } from './generated/graphql.js';

type Change = NonNullable<TaskChanged['taskChanged']>;

const EVENT_RETENTION_MS = 7 * 86_400_000;

async function nextChange(inbox: Inbox<ExecutionResult<TaskChanged>>): Promise<Change> {
  const result = await inbox.next();
  expect(result.errors).toBeUndefined();
  return result.data!.taskChanged;
}

async function changes(inbox: Inbox<ExecutionResult<TaskChanged>>, count: number): Promise<Array<{ type: string; taskId: string }>> {
  const seen: Array<{ type: string; taskId: string }> = [];
  while (seen.length < count) {
    const change = await nextChange(inbox).catch((error: unknown) => {
      throw new Error(`after ${seen.length} of ${count}: ${String(error)}`);
    });
    seen.push({ type: change.type, taskId: change.task.id });
  }
  return seen;
}

async function errorCode<T>(inbox: Inbox<ExecutionResult<T>>): Promise<string | undefined> {
  const result = await inbox.next();
  expect(result.data ?? null).toBeNull();
  return (result.errors?.[0]?.extensions as { code?: string } | undefined)?.code;
}

describe.each(PROVIDERS)('resumable subscriptions on %s', (provider) => {
  let service: TestService;
  // The real time, until the last test moves it past the event retention.
  let offset = 0;
  const clients: Client[] = [];
  beforeAll(async () => {
    service = await startTestService(provider, {
      clock: { now: () => new Date(Date.now() + offset) },
      env: { REMINDER_SWEEP_INTERVAL: '200ms' },
    });
  });
  afterAll(async () => {
    for (const client of clients) await client.dispose();
    await service?.close();
  });

  const ws = async (userId: string) => {
    const client = openWsClient(service, `Bearer ${await service.token(userId)}`);
    clients.push(client);
    return client;
  };
  const create = async (userId: string, title: string) =>
    (await graphqlData(service, userId, CreateTaskMutation, { input: { title } })).createTask!.id;
  const createViaRest = async (userId: string, title: string) => {
    const response = await service.request(userId, '/tasks', jsonRequest('POST', { title }));
    expect(response.status).toBe(201);
    return String(((await response.json()) as { id: number }).id);
  };

  /** The event id of a change made now, seen through a short live subscription. */
  const anchor = async (userId: string) => {
    const client = await ws(userId);
    const live = subscribeWs(client, TaskChangedSubscription);
    await waitForSubscriber(service, userId);
    const taskId = await create(userId, 'anchor');
    const change = await nextChange(live.inbox);
    live.close();
    await waitUntil(() => service.eventBus.subscriberCount(userId) === 0, 'the anchor subscription to end');
    return { eventId: change.id, taskId };
  };

  it("taskChanged(after:) over graphql-ws replays the caller's changes made since that event, then live ones, each once, in order", async () => {
    const user = 'resume-ws';
    const client = await ws(user);
    const first = subscribeWs(client, TaskChangedSubscription);
    await waitForSubscriber(service, user);
    const t1 = await create(user, 'one');
    const t2 = await create(user, 'two');
    const [created1, created2] = [await nextChange(first.inbox), await nextChange(first.inbox)];
    expect(created1.task.id).toBe(t1);
    first.close();
    await waitUntil(() => service.eventBus.subscriberCount(user) === 0, 'the first subscription to end');

    // Away: changes through both interfaces, and another user's.
    await graphqlData(service, user, UpdateTaskMutation, { input: { id: t1, title: 'one, renamed' } });
    await graphqlData(service, user, CompleteTaskMutation, { id: t2 });
    await create('resume-stranger', 'not yours');
    const t3 = await createViaRest(user, 'three');

    const resumed = subscribeWs(client, TaskChangedSubscription, { after: created1.id });
    expect(await nextChange(resumed.inbox)).toMatchObject({ id: created2.id, type: 'CREATED', task: { id: t2, title: 'two' } });
    expect(await changes(resumed.inbox, 3)).toEqual([
      { type: 'UPDATED', taskId: t1 },
      { type: 'COMPLETED', taskId: t2 },
      { type: 'CREATED', taskId: t3 },
    ]);
    // Then live.
    expect((await service.request(user, `/tasks/${t3}`, { method: 'DELETE' })).status).toBe(204);
    expect(await changes(resumed.inbox, 1)).toEqual([{ type: 'COMPLETED', taskId: t3 }]);
    expect(await resumed.inbox.nothingWithin(300)).toBeUndefined();
    resumed.close();
  });

  it('a subscription resumed while changes keep committing, several at once, gets each once, in commit order', async () => {
    const user = 'resume-seam';
    const { eventId } = await anchor(user);
    // Writes in flight at once: what one acknowledged before another was sent committed first, and must
    // be seen first; writes in flight together may commit in either order.
    const writes: Array<{ taskId: string; sent: number; acked: number }> = [];
    let tick = 0;
    const writeWhile = async (more: () => boolean, concurrency: number, label: string) => {
      const worker = async () => {
        while (more()) {
          const sent = (tick += 1);
          const taskId = await createViaRest(user, label);
          writes.push({ taskId, sent, acked: (tick += 1) });
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    };
    // A backlog of more than one catch-up page (200). (test/events/follow-events.test.ts makes live events
    // arrive during the replay every time; here they may or may not.)
    let backlog = 0;
    await writeWhile(() => (backlog += 1) <= 250, 8, 'backlog');

    // Writers that keep committing while the subscription starts, replays and goes live.
    let writing = true;
    let during = 0;
    const writers = writeWhile(() => writing || (during += 1) <= 40, 4, 'during');
    await waitUntil(() => writes.length >= 260, 'the writers to be under way');
    const resumed = subscribeWs(await ws(user), TaskChangedSubscription, { after: eventId });
    const received: string[] = [];
    while (received.length < 300) received.push((await nextChange(resumed.inbox)).task.id);
    writing = false;
    await writers;
    while (received.length < writes.length) received.push((await nextChange(resumed.inbox)).task.id);
    expect(await resumed.inbox.nothingWithin(300)).toBeUndefined();
    resumed.close();

    expect([...received].sort()).toEqual(writes.map((write) => write.taskId).sort());
    const index = new Map(received.map((taskId, i) => [taskId, i]));
    const outOfOrder = writes.flatMap((a) =>
      writes.filter((b) => a.acked < b.sent && index.get(a.taskId)! > index.get(b.taskId)!).map((b) => `${a.taskId} after ${b.taskId}`),
    );
    expect(outOfOrder).toEqual([]);
  }, 120_000);

  it('over SSE every message carries its event id, and a stream opened again with Last-Event-ID replays what it missed, then goes live', async () => {
    const user = 'resume-sse';
    const sse = await subscribeSse(service, user, TaskChangedSubscription);
    await waitForSubscriber(service, user);
    const t1 = await create(user, 'one');
    const t2 = await create(user, 'two');
    const seen = [await nextChange(sse.inbox), await nextChange(sse.inbox)];
    expect(sse.eventIds).toEqual(seen.map((change) => change.id));
    sse.close();
    await waitUntil(() => service.eventBus.subscriberCount(user) === 0, 'the first stream to end');

    await graphqlData(service, user, UpdateTaskMutation, { input: { id: t1, title: 'renamed while away' } });
    const t3 = await create(user, 'three');

    // As an EventSource reconnects: GET with its original query (here resuming after the first event),
    // and Last-Event-ID, which is newer and wins.
    const again = await subscribeSse(service, user, TaskChangedSubscription, {
      method: 'GET',
      variables: { after: seen[0]!.id },
      lastEventId: seen[1]!.id,
    });
    expect(again.status).toBe(200);
    expect(await changes(again.inbox, 2)).toEqual([
      { type: 'UPDATED', taskId: t1 },
      { type: 'CREATED', taskId: t3 },
    ]);
    await graphqlData(service, user, CompleteTaskMutation, { id: t2 });
    const live = await nextChange(again.inbox);
    expect(live).toMatchObject({ type: 'COMPLETED', task: { id: t2 } });
    expect(again.eventIds).toHaveLength(3);
    expect(again.eventIds[2]).toBe(live.id);
    expect(new Set(again.eventIds).size).toBe(3);
    expect(await again.inbox.nothingWithin(300)).toBeUndefined();
    again.close();
  });

  it('reminderDue(after:) replays only the reminders that fired since, not task changes', async () => {
    const user = 'resume-reminders';
    const client = await ws(user);
    const { eventId } = await anchor(user);
    const dueAt = new Date(Date.now() + 1_500).toISOString();
    const task = (await graphqlData(service, user, CreateTaskMutation, { input: { title: 'ring', dueAt, reminder: 'AT_TIME' } })).createTask!;
    await graphqlData(service, user, UpdateTaskMutation, { input: { id: task.id, description: 'a task change, not a reminder' } });
    await waitUntil(
      async () => (await graphqlData(service, user, TaskQuery, { id: task.id })).task?.reminderSchedule?.state === 'FIRED',
      'the reminder to fire',
    );

    const resumed = subscribeWs(client, ReminderDueSubscription, { after: eventId });
    const result: ExecutionResult<ReminderDue> = await resumed.inbox.next();
    expect(result.errors).toBeUndefined();
    expect(result.data!.reminderDue).toMatchObject({ offset: 'AT_TIME', plannedAt: task.dueAt, task: { id: task.id, title: 'ring' } });
    expect(await resumed.inbox.nothingWithin(500)).toBeUndefined();
    resumed.close();
  });

  it("resuming after an unknown id or another user's event answers EVENTS_EXPIRED, after a malformed one BAD_USER_INPUT, over graphql-ws and SSE", async () => {
    const user = 'resume-refused';
    const { eventId: strangers } = await anchor('resume-other');
    const client = await ws(user);
    const cases: Array<[string, string]> = [
      [uuidv7(), 'EVENTS_EXPIRED'],
      [strangers, 'EVENTS_EXPIRED'],
      ['not-an-event-id', 'BAD_USER_INPUT'],
    ];
    for (const [after, code] of cases) {
      const overWs = subscribeWs(client, TaskChangedSubscription, { after });
      expect(await errorCode(overWs.inbox)).toBe(code);
      overWs.close();
      const overSse = await subscribeSse(service, user, TaskChangedSubscription, { lastEventId: after });
      expect(await errorCode(overSse.inbox)).toBe(code);
      await overSse.ended;
    }
    expect(service.eventBus.subscriberCount(user)).toBe(0);
  });

  // Last: it moves the service's clock a week ahead.
  it('resuming after an event older than EVENT_RETENTION answers EVENTS_EXPIRED; the client refetches and subscribes afresh', async () => {
    const user = 'resume-expired';
    const { eventId } = await anchor(user);
    const fresh = subscribeWs(await ws(user), TaskChangedSubscription, { after: eventId });
    await create(user, 'still in the outbox');
    expect(await changes(fresh.inbox, 1)).toHaveLength(1);
    fresh.close();

    offset = EVENT_RETENTION_MS + 60_000;
    const expired = subscribeWs(await ws(user), TaskChangedSubscription, { after: eventId });
    expect(await errorCode(expired.inbox)).toBe('EVENTS_EXPIRED');
    const overSse = await subscribeSse(service, user, TaskChangedSubscription, { variables: { after: eventId } });
    expect(await errorCode(overSse.inbox)).toBe('EVENTS_EXPIRED');
  });
});
