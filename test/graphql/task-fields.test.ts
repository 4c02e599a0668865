import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest } from '../support/graphql-client.js';
import { makeSharedList } from '../support/lists.js';
import { createManualClock } from '../support/manual-clock.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const NOW = new Date('2026-11-21T08:00:00Z');

const TASK_FIELDS = 'id title priority listId labels list { id name inbox role memberCount openCount } assignee { id displayName } createdBy { id displayName }';

describe.each(PROVIDERS)('lists, labels, priority and assignees in GraphQL (%s)', (provider) => {
  let service: TestService;
  let shared: bigint;
  const clock = createManualClock(NOW);

  async function data(user: string, query: string, variables?: Record<string, unknown>): Promise<any> {
    const { status, body } = await graphqlRequest(service, user, query, variables);
    if (status !== 200 || body.errors) throw new Error(JSON.stringify(body));
    return body.data;
  }

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
    shared = await makeSharedList(service.database.db, 'gia', 'Team', { hal: 'editor', ivy: 'viewer' });
    await service.database.db.user.update({ where: { id: 'hal' }, data: { displayName: 'Hal' } });
  });
  afterAll(async () => service?.close());

  it('creates and changes a task with its list, labels, priority and assignee, and shows who created it', async () => {
    const created = await data(
      'gia',
      `mutation($input: CreateTaskInput!) { createTask(input: $input) { ${TASK_FIELDS} } }`,
      { input: { title: 'Book plumber', listId: String(shared), labels: ['Home', 'home', 'calls'], priority: 'URGENT', assigneeId: 'hal' } },
    );
    expect(created.createTask).toMatchObject({
      title: 'Book plumber',
      priority: 'URGENT',
      listId: String(shared),
      labels: ['Home', 'calls'],
      list: { id: String(shared), name: 'Team', inbox: false, role: 'OWNER', memberCount: 3, openCount: 1 },
      assignee: { id: 'hal', displayName: 'Hal' },
      createdBy: { id: 'gia', displayName: 'gia' },
    });
    const updated = await data('hal', `mutation($input: UpdateTaskInput!) { updateTask(input: $input) { ${TASK_FIELDS} } }`, {
      input: { id: created.createTask.id, labels: ['calls'], priority: 'LOW', assigneeId: null },
    });
    expect(updated.updateTask).toMatchObject({ labels: ['calls'], priority: 'LOW', assignee: null, list: { role: 'EDITOR' } });
    const read = await data('ivy', `query($id: ID!) { task(id: $id) { ${TASK_FIELDS} } }`, { id: created.createTask.id });
    expect(read.task).toMatchObject({ labels: ['calls'], list: { role: 'VIEWER' }, createdBy: { id: 'gia' } });
  });

  it('answers FORBIDDEN to a viewer and NOT_FOUND to an outsider, changing nothing', async () => {
    const { createTask } = await data('gia', `mutation { createTask(input: {title: "Guarded", listId: "${shared}"}) { id } }`);
    const attempt = (user: string) =>
      graphqlRequest(service, user, `mutation { updateTask(input: {id: "${createTask.id}", title: "changed"}) { id } }`);
    const viewer = await attempt('ivy');
    expect(viewer.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'lists/forbidden' });
    const outsider = await attempt('zed');
    expect(outsider.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const row = await service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(createTask.id) } });
    expect(row.title).toBe('Guarded');
  });

  it('filters tasks by list, label, priority and assignee, and lists labels with counts', async () => {
    await data('fil', 'mutation { createTask(input: {title: "f1", labels: ["Errand"], priority: HIGH}) { id } }');
    await data('fil', 'mutation { createTask(input: {title: "f2", labels: ["errand"]}) { id } }');
    await data('fil', 'mutation { createTask(input: {title: "f3", assigneeId: "fil"}) { id } }');
    const titles = async (filter: string) =>
      (await data('fil', `{ tasks(filter: ${filter}) { edges { node { title } } totalCount } }`)).tasks;
    expect(await titles('{label: "ERRAND"}')).toEqual({ edges: [{ node: { title: 'f1' } }, { node: { title: 'f2' } }], totalCount: 2 });
    expect((await titles('{priority: HIGH}')).edges).toEqual([{ node: { title: 'f1' } }]);
    expect((await titles('{assignee: "me"}')).edges).toEqual([{ node: { title: 'f3' } }]);
    const inbox = await service.database.db.list.findFirstOrThrow({ where: { ownerId: 'fil', inbox: true } });
    expect((await titles(`{list: "${inbox.id}"}`)).totalCount).toBe(3);
    const outside = await graphqlRequest(service, 'fil', `{ tasks(filter: {list: "${shared}"}) { totalCount } }`);
    expect(outside.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect((await data('fil', '{ labels { label count } }')).labels).toEqual([{ label: 'Errand', count: 2 }]);
  });

  it("orders the day's queue by time, then priority (urgent first), then id, and pages through it in that order", async () => {
    const at = '2026-11-21T17:00:00Z';
    for (const [title, priority, dueAt] of [
      ['low at five', 'LOW', at],
      ['urgent at five', 'URGENT', at],
      ['high at noon', 'HIGH', '2026-11-21T12:00:00Z'],
      ['medium at five', 'MEDIUM', at],
      ['undated low', 'LOW', null],
      ['undated urgent', 'URGENT', null],
      ['high at five', 'HIGH', at],
    ] as const) {
      await data('que', 'mutation($input: CreateTaskInput!) { createTask(input: $input) { id } }', { input: { title, priority, dueAt } });
    }
    const expected = ['high at noon', 'urgent at five', 'high at five', 'medium at five', 'low at five', 'undated urgent', 'undated low'];
    const whole = await data('que', '{ today(timeZone: "UTC") { edges { node { title } } } }');
    expect(whole.today.edges.map((e: any) => e.node.title)).toEqual(expected);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = (await data('que', 'query($after: String) { today(timeZone: "UTC", first: 2, after: $after) { edges { node { title } } pageInfo { hasNextPage endCursor } } }', { after })).today;
      seen.push(...page.edges.map((e: any) => e.node.title));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);
  });
});
