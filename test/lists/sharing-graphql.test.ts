import { parse, type ExecutionResult } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest, openWsClient, subscribeSse, subscribeWs, waitForSubscriber, type Inbox } from '../support/graphql-client.js';
import { sharingClient } from '../support/sharing.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const doc = (source: string) => parse(source) as TypedDocumentNode<any, any>;

describe.each(PROVIDERS)('sharing in GraphQL (%s)', (provider) => {
  let service: TestService;
  const clients: Client[] = [];
  const call = (user: string, query: string, variables?: Record<string, unknown>) => graphqlRequest(service, user, query, variables);
  async function data(user: string, query: string, variables?: Record<string, unknown>): Promise<any> {
    const { status, body } = await call(user, query, variables);
    if (status !== 200 || body.errors) throw new Error(JSON.stringify(body));
    return body.data;
  }
  const codeOf = async (user: string, query: string, variables?: Record<string, unknown>) => (await call(user, query, variables)).body.errors?.[0]?.extensions?.code;

  beforeAll(async () => {
    service = await startTestService(provider, { env: { PUBLIC_URL: 'https://tickler.example' } });
  });
  afterAll(async () => {
    for (const client of clients) await client.dispose();
    await service?.close();
  });

  it('invites, joins, lists members and invitations, changes roles, hands over, revokes and removes', async () => {
    const listId = (await data('ann', 'mutation { createList(input: {name: "Flat"}) { id } }')).createList.id;
    const invite = 'mutation($l: ID!, $r: ListRole!) { createInvitation(listId: $l, role: $r) { id role url expiresAt createdBy { id displayName } } }';
    const made = (await data('ann', invite, { l: listId, r: 'EDITOR' })).createInvitation;
    expect(made).toMatchObject({ role: 'EDITOR', url: expect.stringMatching(/^https:\/\/tickler\.example\/join#/), createdBy: { id: 'ann' } });
    const token = made.url.split('#')[1];
    expect(await codeOf('ann', invite, { l: listId, r: 'OWNER' })).toBe('BAD_USER_INPUT');

    const joined = (await data('bob', 'mutation($t: String!) { acceptInvitation(token: $t) { id name role } }', { t: token })).acceptInvitation;
    expect(joined).toEqual({ id: listId, name: 'Flat', role: 'EDITOR' });
    expect(await codeOf('cat', 'mutation($t: String!) { acceptInvitation(token: $t) { id } }', { t: token })).toBe('BAD_USER_INPUT');

    const pending = (await data('ann', invite, { l: listId, r: 'VIEWER' })).createInvitation;
    const view = await data('ann', 'query($l: ID!) { list(id: $l) { membersCanInvite members { userId displayName role joinedAt } invitations { id role url } } }', { l: listId });
    expect(view.list.members.map((m: any) => `${m.userId}:${m.role}`)).toEqual(['ann:OWNER', 'bob:EDITOR']);
    expect(view.list.invitations).toEqual([{ id: pending.id, role: 'VIEWER', url: null }]);
    const asBob = await call('bob', 'query($l: ID!) { list(id: $l) { name invitations { id } } }', { l: listId });
    expect(asBob.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((asBob.body.data as any).list).toEqual({ name: 'Flat', invitations: null });

    expect(await codeOf('cat', 'mutation($l: ID!, $i: ID!) { revokeInvitation(listId: $l, id: $i) }', { l: listId, i: pending.id })).toBe('NOT_FOUND');
    expect((await data('ann', 'mutation($l: ID!, $i: ID!) { revokeInvitation(listId: $l, id: $i) }', { l: listId, i: pending.id })).revokeInvitation).toBe(true);

    const setRole = 'mutation($l: ID!, $u: ID!, $r: ListRole!) { setMemberRole(listId: $l, userId: $u, role: $r) { userId role } }';
    expect(await codeOf('bob', setRole, { l: listId, u: 'ann', r: 'VIEWER' })).toBe('FORBIDDEN');
    expect((await data('ann', setRole, { l: listId, u: 'bob', r: 'VIEWER' })).setMemberRole).toEqual({ userId: 'bob', role: 'VIEWER' });
    expect((await data('ann', setRole, { l: listId, u: 'bob', r: 'OWNER' })).setMemberRole).toEqual({ userId: 'bob', role: 'OWNER' });
    const remove = 'mutation($l: ID!, $u: ID!) { removeMember(listId: $l, userId: $u) }';
    expect(await codeOf('bob', remove, { l: listId, u: 'bob' })).toBe('CONFLICT');
    expect((await data('ann', remove, { l: listId, u: 'ann' })).removeMember).toBe(true);
    expect(await codeOf('ann', 'query($l: ID!) { list(id: $l) { name } }', { l: listId })).toBe('NOT_FOUND');
  });

  it('a removed member’s live taskChanged stops receiving the list’s events; listChanged tells every member, the removed one last', async () => {
    const s = sharingClient(service);
    const list = await s.makeList('dee', 'Garden');
    await s.join('dee', list.id, 'eve', 'editor');
    const ws = async (user: string) => {
      const client = openWsClient(service, `Bearer ${await service.token(user)}`);
      clients.push(client);
      return client;
    };
    const eveClient = await ws('eve');
    const eveTasks = subscribeWs(eveClient, doc('subscription { taskChanged { type actor { id } task { title } } }'));
    const eveLists = subscribeWs(eveClient, doc('subscription { listChanged { type name listId actor { id } member { user { id } role } list { id } } }'));
    const deeLists = subscribeWs(await ws('dee'), doc('subscription { listChanged { type name member { user { id } role } list { memberCount } } }'));
    await waitForSubscriber(service, 'eve', 2);
    await waitForSubscriber(service, 'dee', 1);
    const next = async (inbox: Inbox<ExecutionResult<any>>) => {
      const result = await inbox.next();
      expect(result.errors).toBeUndefined();
      return result.data;
    };

    await service.request('dee', '/tasks', jsonRequest('POST', { title: 'water roses', listId: list.id }));
    expect((await next(eveTasks.inbox)).taskChanged).toMatchObject({ type: 'CREATED', actor: { id: 'dee' }, task: { title: 'water roses' } });

    await service.request('dee', `/lists/${list.id}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ name: 'Allotment' }) });
    expect((await next(eveLists.inbox)).listChanged).toMatchObject({ type: 'UPDATED', name: 'Allotment', actor: { id: 'dee' }, list: { id: String(list.id) } });
    expect((await next(deeLists.inbox)).listChanged).toMatchObject({ type: 'UPDATED', name: 'Allotment' });

    expect((await s.remove('dee', list.id, 'eve')).status).toBe(204);
    expect((await next(eveLists.inbox)).listChanged).toMatchObject({ type: 'MEMBER_LEFT', member: { user: { id: 'eve' }, role: null }, list: null });
    expect((await next(deeLists.inbox)).listChanged).toMatchObject({ type: 'MEMBER_LEFT', member: { user: { id: 'eve' } }, list: { memberCount: 1 } });

    // From now on nothing of the list reaches eve's running subscriptions, while her own changes still do.
    await service.request('dee', '/tasks', jsonRequest('POST', { title: 'after eve left', listId: list.id }));
    await service.request('dee', `/lists/${list.id}`, { method: 'DELETE' });
    expect((await next(deeLists.inbox)).listChanged).toMatchObject({ type: 'DELETED', name: 'Allotment', list: null });
    await service.request('eve', '/tasks', jsonRequest('POST', { title: 'eve’s own' }));
    expect((await next(eveTasks.inbox)).taskChanged).toMatchObject({ type: 'CREATED', task: { title: 'eve’s own' } });
    expect(await eveLists.inbox.nothingWithin(300)).toBeUndefined();
    eveTasks.close();
    eveLists.close();
    deeLists.close();
  });

  it('listChanged resumes after an event id over SSE, replaying what came after it', async () => {
    const s = sharingClient(service);
    const list = await s.makeList('fay', 'Books');
    const patch = (name: string) =>
      service.request('fay', `/lists/${list.id}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ name }) });
    await patch('Novels');
    await s.join('fay', list.id, 'gus', 'viewer');
    const events = await service.database.db.event.findMany({ where: { userId: 'fay', type: { startsWith: 'list.' } }, orderBy: { id: 'asc' } });
    expect(events.map((e) => e.type)).toEqual(['list.updated', 'list.member_joined']);
    const sse = await subscribeSse(service, 'fay', doc('subscription($after: ID) { listChanged(after: $after) { id type name member { user { id } role } } }'), {
      variables: { after: events[0]!.id },
    });
    try {
      const replayed = await sse.inbox.next();
      expect(replayed.errors).toBeUndefined();
      expect((replayed.data as any).listChanged).toEqual({ id: events[1]!.id, type: 'MEMBER_JOINED', name: 'Novels', member: { user: { id: 'gus' }, role: 'VIEWER' } });
    } finally {
      sse.close();
    }
  });
});

