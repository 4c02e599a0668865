import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest } from '../support/graphql-client.js';
import { makeSharedList } from '../support/lists.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const LIST = 'id name color inbox role memberCount openCount membersCanInvite';

describe.each(PROVIDERS)('lists in GraphQL (%s)', (provider) => {
  let service: TestService;
  const call = (user: string, query: string, variables?: Record<string, unknown>) => graphqlRequest(service, user, query, variables);
  async function data(user: string, query: string, variables?: Record<string, unknown>): Promise<any> {
    const { status, body } = await call(user, query, variables);
    if (status !== 200 || body.errors) throw new Error(JSON.stringify(body));
    return body.data;
  }

  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it('lists the Inbox first, makes, renames and deletes a list like REST does', async () => {
    const made = await data('pat', `mutation { createList(input: {name: "Books", color: "#AABBCC"}) { ${LIST} } }`);
    expect(made.createList).toMatchObject({ name: 'Books', color: '#aabbcc', inbox: false, role: 'OWNER', memberCount: 1, openCount: 0 });
    const duplicate = await call('pat', 'mutation { createList(input: {name: "books"}) { id } }');
    expect(duplicate.body.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT' });
    expect((await data('pat', `{ lists { name inbox } }`)).lists).toEqual([
      { name: 'Inbox', inbox: true },
      { name: 'Books', inbox: false },
    ]);
    const renamed = await data('pat', `mutation($id: ID!) { updateList(input: {id: $id, name: "Novels"}) { name } }`, { id: made.createList.id });
    expect(renamed.updateList.name).toBe('Novels');
    expect((await data('pat', 'query($id: ID!) { list(id: $id) { name } }', { id: made.createList.id })).list.name).toBe('Novels');
    expect((await data('pat', 'mutation($id: ID!) { deleteList(id: $id) }', { id: made.createList.id })).deleteList).toBe(true);
    const gone = await call('pat', 'query($id: ID!) { list(id: $id) { name } }', { id: made.createList.id });
    expect(gone.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers FORBIDDEN when the role falls short and NOT_FOUND to an outsider', async () => {
    const listId = String(await makeSharedList(service.database.db, 'quinn', 'Club', { rae: 'editor' }));
    const rename = await call('rae', 'mutation($id: ID!) { updateList(input: {id: $id, name: "Mine"}) { name } }', { id: listId });
    expect(rename.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'lists/forbidden' });
    const drop = await call('rae', 'mutation($id: ID!) { deleteList(id: $id) }', { id: listId });
    expect(drop.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const outsider = await call('sam', 'query($id: ID!) { list(id: $id) { name } }', { id: listId });
    expect(outsider.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect((await data('rae', 'query($id: ID!) { list(id: $id) { name role } }', { id: listId })).list).toEqual({ name: 'Club', role: 'EDITOR' });
  });
});
