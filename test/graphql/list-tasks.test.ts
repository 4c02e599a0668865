import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, graphqlRequest } from '../support/graphql-client.js';
import { makeSharedList } from '../support/lists.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { CreateTaskMutation, ListTasksQuery } from './documents.js';

describe.each(PROVIDERS)('List.tasks on %s', (provider) => {
  let service: TestService;
  let shared: bigint;
  beforeAll(async () => {
    service = await startTestService(provider);
    shared = await makeSharedList(service.database.db, 'keeper', 'Home', { reader: 'viewer' });
    await service.database.db.user.update({ where: { id: 'keeper' }, data: { displayName: 'Kim' } });
    for (let i = 0; i < 5; i += 1) {
      await graphqlData(service, 'keeper', CreateTaskMutation, {
        input: {
          title: `home ${i}`,
          dueAt: new Date(Date.UTC(2030, 0, 1 + i, 9)).toISOString(),
          listId: String(shared),
          labels: i % 2 === 0 ? ['even'] : [],
          assigneeId: i === 4 ? 'reader' : null,
        },
      });
    }
    // A task of the keeper's Inbox: never among the list's.
    await graphqlData(service, 'keeper', CreateTaskMutation, { input: { title: 'inbox task' } });
  });
  afterAll(async () => service?.close());

  const page = (user: string, variables: { first?: number; after?: string | null; filter?: Record<string, unknown> }) =>
    graphqlData(service, user, ListTasksQuery, { id: String(shared), ...variables });

  it("pages only the list's tasks, by due time, with a cursor, for every member (a viewer too)", async () => {
    const first = (await page('reader', { first: 2 })).list!;
    expect(first.name).toBe('Home');
    expect(first.tasks.totalCount).toBe(5);
    expect(first.tasks.edges.map((e) => e.node.title)).toEqual(['home 0', 'home 1']);
    expect(first.tasks.pageInfo.hasNextPage).toBe(true);
    const rest = (await page('reader', { first: 10, after: first.tasks.pageInfo.endCursor })).list!;
    expect(rest.tasks.edges.map((e) => e.node.title)).toEqual(['home 2', 'home 3', 'home 4']);
    expect(rest.tasks.pageInfo.hasNextPage).toBe(false);
    expect(rest.tasks.edges[0]!.node).toMatchObject({ list: { id: String(shared), name: 'Home' }, createdBy: { id: 'keeper', displayName: 'Kim' }, assignee: null });
    expect(rest.tasks.edges[2]!.node.assignee).toEqual({ id: 'reader', displayName: 'reader' });
  });

  it('filters by label, assignee and search within the list', async () => {
    const even = (await page('keeper', { filter: { label: 'EVEN' } })).list!.tasks;
    expect(even.edges.map((e) => e.node.title)).toEqual(['home 0', 'home 2', 'home 4']);
    expect(even.totalCount).toBe(3);
    const assigned = (await page('reader', { filter: { assignee: 'me' } })).list!.tasks;
    expect(assigned.edges.map((e) => e.node.title)).toEqual(['home 4']);
    expect((await page('keeper', { filter: { search: 'home 3' } })).list!.tasks.edges.map((e) => e.node.title)).toEqual(['home 3']);
  });

  it('answers NOT_FOUND for a list the caller is not in, and refuses a cursor of another ordering', async () => {
    const outsider = await graphqlRequest(service, 'outsider', ListTasksQuery, { id: String(shared), first: 2 });
    expect(outsider.body.data?.list ?? null).toBeNull();
    expect(outsider.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const bad = await graphqlRequest(service, 'keeper', ListTasksQuery, { id: String(shared), first: 2, after: 'bm90IGEgY3Vyc29y' });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
