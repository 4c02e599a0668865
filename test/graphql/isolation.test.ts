import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, graphqlRequest } from '../support/graphql-client.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import {
  CompleteTaskMutation,
  CreateTaskMutation,
  DeleteTaskMutation,
  ReopenTaskMutation,
  TaskQuery,
  TasksQuery,
  TodayQuery,
  UpdateTaskMutation,
} from './documents.js';

describe.each(PROVIDERS)('GraphQL user isolation on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it("no query or mutation reads or changes another user's task; each is NOT_FOUND as if it did not exist", async () => {
    const alice: string[] = [];
    for (const title of ['a1', 'a2', 'a3']) {
      alice.push((await graphqlData(service, 'alice', CreateTaskMutation, { input: { title, dueAt: '2020-01-01T00:00:00Z' } })).createTask!.id);
    }
    // Both users hold a pending and a completed task, so no list below is empty for want of anything to leak.
    await graphqlData(service, 'alice', CompleteTaskMutation, { id: alice[2]! });
    const bobs = (await graphqlData(service, 'bob', CreateTaskMutation, { input: { title: 'b1' } })).createTask!.id;
    const bobsDone = (await graphqlData(service, 'bob', CreateTaskMutation, { input: { title: 'b2' } })).createTask!.id;
    await graphqlData(service, 'bob', CompleteTaskMutation, { id: bobsDone });

    for (const [status, expected] of [[undefined, [bobs, bobsDone]], ['PENDING', [bobs]], ['COMPLETED', [bobsDone]]] as const) {
      const page = (await graphqlData(service, 'bob', TasksQuery, { filter: status ? { status } : {}, first: 200 })).tasks;
      expect(page.edges.map((edge) => edge.node.id).sort(), `bob's tasks, status ${status ?? 'any'}`).toEqual([...expected].sort());
      expect(page.totalCount).toBe(expected.length);
    }
    const search = (await graphqlData(service, 'bob', TasksQuery, { filter: { search: 'a' } })).tasks;
    expect(search.totalCount).toBe(0);
    expect((await graphqlData(service, 'bob', TodayQuery, {})).today.edges.map((edge) => edge.node.id)).toEqual([bobs]);

    const before = await service.database.db.task.findMany({ where: { userId: 'alice' }, orderBy: { id: 'asc' } });
    for (const id of alice) {
      for (const [document, variables] of [
        [TaskQuery, { id }],
        [CompleteTaskMutation, { id }],
        [ReopenTaskMutation, { id }],
        [DeleteTaskMutation, { id }],
        [UpdateTaskMutation, { input: { id, title: 'hijacked' } }],
      ] as const) {
        const { body } = await graphqlRequest(service, 'bob', document as typeof TaskQuery, variables as never);
        expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        expect(JSON.stringify(body)).not.toMatch(/a[123]/);
      }
    }
    expect(await service.database.db.task.findMany({ where: { userId: 'alice' }, orderBy: { id: 'asc' } })).toEqual(before);
    const aliceSees = (await graphqlData(service, 'alice', TasksQuery, {})).tasks;
    expect(aliceSees.edges.map((edge) => edge.node.id)).toEqual(alice);
  });
});
