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
    const bobs = (await graphqlData(service, 'bob', CreateTaskMutation, { input: { title: 'b1' } })).createTask!.id;

    for (const status of [undefined, 'PENDING', 'COMPLETED'] as const) {
      const page = (await graphqlData(service, 'bob', TasksQuery, { filter: status ? { status } : {}, first: 200 })).tasks;
      expect(page.edges.every((edge) => edge.node.id === bobs)).toBe(true);
      expect(page.totalCount).toBe(status === 'COMPLETED' ? 0 : 1);
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
