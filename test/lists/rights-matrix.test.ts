import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { graphqlRequest, openWsClient, subscribeWs, waitForSubscriber } from '../support/graphql-client.js';
import { makeSharedList } from '../support/lists.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

/**
 * Who may do what to a list and its tasks, on REST and GraphQL: every role (and an outsider) against
 * every operation, each on a fresh list, and a refusal changes nothing. `ok` is the operation's success
 * answer; 403 is FORBIDDEN in GraphQL, 404 NOT_FOUND.
 */
type Outcome = 'ok' | 403 | 404;
type Role = 'owner' | 'editor' | 'viewer' | 'outsider';
const ROLES: Role[] = ['owner', 'editor', 'viewer', 'outsider'];
const CALLER: Record<Role, string> = { owner: 'mo', editor: 'me', viewer: 'mv', outsider: 'mz' };
/** A viewer the owner's member operations act on. */
const TARGET = 'mt';

interface Fixture {
  listId: string;
  taskId: string;
}

interface Operation {
  name: string;
  expected: Record<Role, Outcome>;
  rest(service: TestService, user: string, f: Fixture): Promise<Response>;
  restOk: number;
  graphql: (f: Fixture) => { query: string; variables: Record<string, unknown> };
}

const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };
const readers: Record<Role, Outcome> = { owner: 'ok', editor: 'ok', viewer: 'ok', outsider: 404 };
const editors: Record<Role, Outcome> = { owner: 'ok', editor: 'ok', viewer: 403, outsider: 404 };
const owners: Record<Role, Outcome> = { owner: 'ok', editor: 403, viewer: 403, outsider: 404 };

const OPERATIONS: Operation[] = [
  {
    name: 'read the list',
    expected: readers,
    rest: (s, u, f) => s.request(u, `/lists/${f.listId}`),
    restOk: 200,
    graphql: (f) => ({ query: 'query($l: ID!) { list(id: $l) { id members { userId } } }', variables: { l: f.listId } }),
  },
  {
    name: "list the list's tasks",
    expected: readers,
    rest: (s, u, f) => s.request(u, `/tasks?list=${f.listId}`),
    restOk: 200,
    graphql: (f) => ({ query: 'query($l: ID!) { tasks(filter: {list: $l}) { totalCount } }', variables: { l: f.listId } }),
  },
  {
    name: 'create a task in it',
    expected: editors,
    rest: (s, u, f) => s.request(u, '/tasks', jsonRequest('POST', { title: 'new', listId: Number(f.listId) })),
    restOk: 201,
    graphql: (f) => ({ query: 'mutation($l: ID!) { createTask(input: {title: "new", listId: $l}) { id } }', variables: { l: f.listId } }),
  },
  {
    name: 'patch a task of it',
    expected: editors,
    rest: (s, u, f) => s.request(u, `/tasks/${f.taskId}`, { method: 'PATCH', headers: MERGE_PATCH, body: JSON.stringify({ title: 'changed' }) }),
    restOk: 200,
    graphql: (f) => ({ query: 'mutation($t: ID!) { updateTask(input: {id: $t, title: "changed"}) { id } }', variables: { t: f.taskId } }),
  },
  {
    name: 'complete a task of it',
    expected: editors,
    rest: (s, u, f) => s.request(u, `/tasks/${f.taskId}`, { method: 'DELETE' }),
    restOk: 204,
    graphql: (f) => ({ query: 'mutation($t: ID!) { completeTask(id: $t) { id } }', variables: { t: f.taskId } }),
  },
  {
    name: 'rename the list',
    expected: owners,
    rest: (s, u, f) => s.request(u, `/lists/${f.listId}`, { method: 'PATCH', headers: MERGE_PATCH, body: JSON.stringify({ name: `renamed ${f.listId}` }) }),
    restOk: 200,
    graphql: (f) => ({ query: 'mutation($l: ID!, $n: String!) { updateList(input: {id: $l, name: $n}) { id } }', variables: { l: f.listId, n: `renamed ${f.listId}` } }),
  },
  {
    name: 'delete the list',
    expected: owners,
    rest: (s, u, f) => s.request(u, `/lists/${f.listId}`, { method: 'DELETE' }),
    restOk: 204,
    graphql: (f) => ({ query: 'mutation($l: ID!) { deleteList(id: $l) }', variables: { l: f.listId } }),
  },
  {
    name: 'invite',
    expected: owners,
    rest: (s, u, f) => s.request(u, `/lists/${f.listId}/invitations`, jsonRequest('POST', { role: 'viewer' })),
    restOk: 201,
    graphql: (f) => ({ query: 'mutation($l: ID!) { createInvitation(listId: $l, role: VIEWER) { id } }', variables: { l: f.listId } }),
  },
  {
    name: "change a member's role",
    expected: owners,
    rest: (s, u, f) => s.request(u, `/lists/${f.listId}/members/${TARGET}`, jsonRequest('PATCH', { role: 'editor' })),
    restOk: 200,
    graphql: (f) => ({ query: `mutation($l: ID!) { setMemberRole(listId: $l, userId: "${TARGET}", role: EDITOR) { role } }`, variables: { l: f.listId } }),
  },
  {
    name: 'remove a member',
    expected: owners,
    rest: (s, u, f) => s.request(u, `/lists/${f.listId}/members/${TARGET}`, { method: 'DELETE' }),
    restOk: 204,
    graphql: (f) => ({ query: `mutation($l: ID!) { removeMember(listId: $l, userId: "${TARGET}") }`, variables: { l: f.listId } }),
  },
];

const GRAPHQL_CODE: Record<403 | 404, string> = { 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

describe.each(PROVIDERS)('the rights matrix (%s)', (provider) => {
  let service: TestService;
  let lists = 0;

  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  async function fixture(): Promise<Fixture> {
    const db = service.database.db;
    lists += 1;
    const listId = await makeSharedList(db, CALLER.owner, `L${lists}`, { [CALLER.editor]: 'editor', [CALLER.viewer]: 'viewer', [TARGET]: 'viewer' });
    await db.user.upsert({ where: { id: CALLER.outsider }, create: { id: CALLER.outsider }, update: {} });
    const now = new Date();
    const task = await db.task.create({ data: { userId: CALLER.owner, listId, title: 'shared', createdAt: now, updatedAt: now } });
    return { listId: String(listId), taskId: String(task.id) };
  }

  /** Everything an operation could change, to prove a refusal changed nothing. */
  async function stateOf(f: Fixture): Promise<string> {
    const db = service.database.db;
    const listId = BigInt(f.listId);
    const [list, members, tasks, invitations] = await Promise.all([
      db.list.findUnique({ where: { id: listId } }),
      db.listMember.findMany({ where: { listId }, orderBy: { userId: 'asc' } }),
      db.task.findMany({ where: { listId }, orderBy: { id: 'asc' } }),
      db.listInvitation.count({ where: { listId } }),
    ]);
    return JSON.stringify({ list, members, tasks, invitations }, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  }

  const cells = OPERATIONS.flatMap((operation) => ROLES.map((role) => [operation.name, role, operation.expected[role], operation] as const));

  it.each(cells)('REST: %s as %s → %s', async (_name, role, expected, operation) => {
    const f = await fixture();
    const before = await stateOf(f);
    const response = await operation.rest(service, CALLER[role], f);
    const text = await response.text();
    if (expected === 'ok') {
      expect(response.status, text).toBe(operation.restOk);
      return;
    }
    expect(response.status, text).toBe(expected);
    expect(JSON.parse(text)).toEqual({ error: expected, message: expect.any(String) });
    expect(await stateOf(f)).toBe(before);
  });

  it.each(cells)('GraphQL: %s as %s → %s', async (_name, role, expected, operation) => {
    const f = await fixture();
    const before = await stateOf(f);
    const { query, variables } = operation.graphql(f);
    const { status, body } = await graphqlRequest(service, CALLER[role], query, variables);
    expect(status).toBe(200);
    if (expected === 'ok') {
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return;
    }
    expect(body.errors?.[0]?.extensions?.code, JSON.stringify(body.errors)).toBe(GRAPHQL_CODE[expected]);
    expect(await stateOf(f)).toBe(before);
  });

  it('subscriptions: every member hears of a change to the list’s tasks (taskChanged and listChanged), an outsider nothing', async () => {
    const f = await fixture();
    const subscriptions = await Promise.all(
      ROLES.map(async (role) => {
        const client = openWsClient(service, `Bearer ${await service.token(CALLER[role])}`);
        const tasks = subscribeWs(client, parse('subscription { taskChanged { type task { id } } }') as TypedDocumentNode<any, any>);
        const lists = subscribeWs(client, parse('subscription { listChanged { type listId } }') as TypedDocumentNode<any, any>);
        return { role, client, tasks, lists };
      }),
    );
    for (const role of ROLES) await waitForSubscriber(service, CALLER[role], 2);
    await service.request(CALLER.editor, `/tasks/${f.taskId}`, { method: 'PATCH', headers: MERGE_PATCH, body: JSON.stringify({ title: 'heard?' }) });
    await service.request(CALLER.owner, `/lists/${f.listId}`, { method: 'PATCH', headers: MERGE_PATCH, body: JSON.stringify({ color: '#112233' }) });
    try {
      for (const { role, tasks, lists } of subscriptions) {
        if (role === 'outsider') {
          expect(await tasks.inbox.nothingWithin(300)).toBeUndefined();
          expect(await lists.inbox.nothingWithin(50)).toBeUndefined();
        } else {
          expect((await tasks.inbox.next()).data).toEqual({ taskChanged: { type: 'UPDATED', task: { id: f.taskId } } });
          expect((await lists.inbox.next()).data).toEqual({ listChanged: { type: 'UPDATED', listId: f.listId } });
        }
      }
    } finally {
      for (const { client } of subscriptions) await client.dispose();
    }
  });
});
