import type { ExecutionResult } from 'graphql';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  graphqlData,
  openWsClient,
  subscribeSse,
  subscribeWs,
  waitForSubscriber,
  type Inbox,
} from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import {
  CompleteTaskMutation,
  CreateTaskMutation,
  DeleteTaskMutation,
  ReopenTaskMutation,
  TaskChangedSubscription,
  UpdateTaskMutation,
} from './documents.js';
import type { TaskChangedSubscription as TaskChanged } from './generated/graphql.js';

type Change = NonNullable<TaskChanged['taskChanged']>;

async function nextChange(inbox: Inbox<ExecutionResult<TaskChanged>>): Promise<Change> {
  const result = await inbox.next();
  expect(result.errors).toBeUndefined();
  return result.data!.taskChanged;
}

describe.each(PROVIDERS)('taskChanged subscription on %s', (provider) => {
  let service: TestService;
  const clients: Client[] = [];
  beforeAll(async () => {
    service = await startTestService(provider);
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

  it('a graphql-ws client receives every kind of change, from GraphQL mutations and from REST DELETE /tasks/{id}', async () => {
    const subscription = subscribeWs(await ws('ws-user'), TaskChangedSubscription);
    await waitForSubscriber(service, 'ws-user');

    const created = (await graphqlData(service, 'ws-user', CreateTaskMutation, { input: { title: 'watch me' } })).createTask!;
    expect(await nextChange(subscription.inbox)).toMatchObject({ type: 'CREATED', task: { id: created.id, title: 'watch me', status: 'PENDING' } });

    await graphqlData(service, 'ws-user', UpdateTaskMutation, { input: { id: created.id, title: 'renamed' } });
    expect(await nextChange(subscription.inbox)).toMatchObject({ type: 'UPDATED', task: { id: created.id, title: 'renamed' } });

    expect((await service.request('ws-user', `/tasks/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    const completed = await nextChange(subscription.inbox);
    expect(completed).toMatchObject({ type: 'COMPLETED', task: { id: created.id, status: 'COMPLETED', createdAt: created.createdAt } });
    expect(completed.task.completedAt).not.toBeNull();
    expect(completed.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // Completing again changes nothing, so nothing is announced.
    expect((await service.request('ws-user', `/tasks/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    await graphqlData(service, 'ws-user', ReopenTaskMutation, { id: created.id });
    expect(await nextChange(subscription.inbox)).toMatchObject({ type: 'REOPENED', task: { status: 'PENDING', completedAt: null } });

    await graphqlData(service, 'ws-user', CompleteTaskMutation, { id: created.id });
    const completedAgain = await nextChange(subscription.inbox);
    expect(completedAgain).toMatchObject({ type: 'COMPLETED', task: { status: 'COMPLETED' } });
    expect(completedAgain.task.completedAt).not.toBeNull();

    // The row is gone: the deleted task's times come from the event, as they were.
    await graphqlData(service, 'ws-user', DeleteTaskMutation, { id: created.id });
    expect(await nextChange(subscription.inbox)).toMatchObject({
      type: 'DELETED',
      task: {
        id: created.id,
        title: 'renamed',
        createdAt: created.createdAt,
        updatedAt: completedAgain.task.updatedAt,
        completedAt: completedAgain.task.completedAt,
      },
    });

    const viaRest = (await (await service.request('ws-user', '/tasks', jsonRequest('POST', { title: 'rest made' }))).json()) as { id: number };
    expect(await nextChange(subscription.inbox)).toMatchObject({ type: 'CREATED', task: { id: String(viaRest.id) } });
    subscription.close();
  });

  it('a subscription over SSE (Accept: text/event-stream) receives changes from REST DELETE and GraphQL mutations', async () => {
    const sse = await subscribeSse(service, 'sse-user', TaskChangedSubscription);
    expect(sse.status).toBe(200);
    expect(sse.contentType).toMatch(/^text\/event-stream/);
    await waitForSubscriber(service, 'sse-user');

    const created = (await graphqlData(service, 'sse-user', CreateTaskMutation, { input: { title: 'streamed' } })).createTask!;
    expect(await nextChange(sse.inbox)).toMatchObject({ type: 'CREATED', task: { id: created.id } });
    expect((await service.request('sse-user', `/tasks/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await nextChange(sse.inbox)).toMatchObject({ type: 'COMPLETED', task: { id: created.id, status: 'COMPLETED' } });
    sse.close();
  });

  it("a subscriber never receives another user's changes, over WebSocket or SSE", async () => {
    const bobWs = subscribeWs(await ws('bob'), TaskChangedSubscription);
    const bobSse = await subscribeSse(service, 'bob', TaskChangedSubscription);
    await waitForSubscriber(service, 'bob', 2);

    const alice = (await graphqlData(service, 'alice', CreateTaskMutation, { input: { title: "alice's secret" } })).createTask!;
    await graphqlData(service, 'alice', CompleteTaskMutation, { id: alice.id });
    await service.request('alice', '/tasks', jsonRequest('POST', { title: 'another secret' }));
    const bobs = (await graphqlData(service, 'bob', CreateTaskMutation, { input: { title: "bob's own" } })).createTask!;

    // Events arrive in order, so bob's own change being the first one proves alice's never came.
    for (const inbox of [bobWs.inbox, bobSse.inbox]) {
      expect(await nextChange(inbox)).toMatchObject({ type: 'CREATED', task: { id: bobs.id, title: "bob's own" } });
      expect(await inbox.nothingWithin(300)).toBeUndefined();
    }
    bobWs.close();
    bobSse.close();
  });
});
