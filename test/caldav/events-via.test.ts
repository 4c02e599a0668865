import { parse, type ExecutionResult } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWsClient, subscribeWs, waitForSubscriber, type Inbox } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/support/receiver.js';
import { davRequest, makeAppPassword } from './support/dav-client.js';
import { TODOMAN_TASK } from './support/vtodo-samples.js';

const doc = (source: string) => parse(source) as TypedDocumentNode<any, any>;
const NAME = 'milk.ics';

describe.each(PROVIDERS)('events of CalDAV changes name the transport (%s)', (provider) => {
  let service: TestService;
  let receiver: Receiver;
  let ws: Client;
  const user = 'vera';

  beforeAll(async () => {
    service = await startTestService(provider, { env: { WEBHOOK_ALLOW_INSECURE: 'true', WEBHOOK_SWEEP_INTERVAL: '100ms' } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await ws?.dispose();
    await receiver?.close();
    await service?.close();
  });

  const next = async (inbox: Inbox<ExecutionResult<any>>) => {
    const result = await inbox.next();
    expect(result.errors).toBeUndefined();
    return result.data.taskChanged;
  };
  const delivered = async (count: number) => {
    await waitUntil(() => receiver.received.length >= count, `${count} webhook deliveries`);
    return receiver.received.slice(0, count).map((webhook) => webhook.payload);
  };

  it('a PUT, a completing PUT and a DELETE over CalDAV reach webhooks and taskChanged with actor and via "caldav"; REST carries no via', async () => {
    expect((await service.request(user, '/webhooks', jsonRequest('POST', { url: receiver.url }))).status).toBe(201);
    ws = openWsClient(service, `Bearer ${await service.token(user)}`);
    const changes = subscribeWs(ws, doc('subscription { taskChanged { type via actor { id } task { title } } }'));
    await waitForSubscriber(service, user);
    const credentials = { userId: user, password: (await makeAppPassword(service, user)).password };
    const path = `/dav/calendars/${user}/inbox/${NAME}`;
    const put = (body: string) => davRequest(service, credentials, path, { method: 'PUT', headers: { 'content-type': 'text/calendar' }, body });

    expect((await put(TODOMAN_TASK)).status).toBe(201);
    expect(await next(changes.inbox)).toEqual({ type: 'CREATED', via: 'caldav', actor: { id: user }, task: { title: 'Buy milk' } });
    expect((await put(TODOMAN_TASK.replace('STATUS:NEEDS-ACTION', 'STATUS:COMPLETED'))).status).toBe(204);
    expect(await next(changes.inbox)).toMatchObject({ type: 'COMPLETED', via: 'caldav', actor: { id: user } });
    expect((await davRequest(service, credentials, path, { method: 'DELETE' })).status).toBe(204);
    expect(await next(changes.inbox)).toMatchObject({ type: 'DELETED', via: 'caldav', actor: { id: user } });

    expect((await service.request(user, '/tasks', jsonRequest('POST', { title: 'From REST' }))).status).toBe(201);
    expect(await next(changes.inbox)).toEqual({ type: 'CREATED', via: null, actor: { id: user }, task: { title: 'From REST' } });

    const payloads = await delivered(4);
    expect(payloads.map((p) => [p.type, p.data.actor, p.data.via])).toEqual([
      ['task.created', user, 'caldav'],
      ['task.completed', user, 'caldav'],
      ['task.deleted', user, 'caldav'],
      ['task.created', user, undefined],
    ]);
    expect('via' in payloads[3]!.data).toBe(false);
  });

  it('a list renamed and recoloured by PROPPATCH and deleted by DELETE of its collection: listChanged and the event log carry via "caldav" (REST none), and so do the deleted tasks’ webhooks', async () => {
    const owner = 'vic';
    expect((await service.request(owner, '/webhooks', jsonRequest('POST', { url: receiver.url }))).status).toBe(201);
    const listWs = openWsClient(service, `Bearer ${await service.token(owner)}`);
    try {
      const changes = subscribeWs(listWs, doc('subscription { listChanged { type via name actor { id } } }'));
      await waitForSubscriber(service, owner);
      const credentials = { userId: owner, password: (await makeAppPassword(service, owner)).password };
      const path = `/dav/calendars/${owner}/garden/`;
      const dav = (method: string, body?: string) => davRequest(service, credentials, path, { method, headers: { 'content-type': 'application/xml' }, ...(body ? { body } : {}) });
      const nextChange = async () => {
        const result = await changes.inbox.next();
        expect(result.errors).toBeUndefined();
        return result.data.listChanged;
      };

      expect((await dav('MKCALENDAR', MKCALENDAR_GARDEN)).status).toBe(201);
      const listId = (await service.database.db.caldavCollection.findFirstOrThrow({ where: { userId: owner, segment: 'garden' } })).listId;
      const task = await (await service.request(owner, '/tasks', jsonRequest('POST', { title: 'Rake leaves', listId: Number(listId) }))).json();
      expect((await dav('PROPPATCH', proppatchBody('<d:displayname>Yard</d:displayname>'))).status).toBe(207);
      // MKCALENDAR makes a list as POST /lists does, which raises no list event: the rename comes first.
      expect(await nextChange()).toEqual({ type: 'UPDATED', via: 'caldav', name: 'Yard', actor: { id: owner } });
      expect((await dav('PROPPATCH', proppatchBody('<a:calendar-color>#00AA00FF</a:calendar-color>'))).status).toBe(207);
      expect(await nextChange()).toEqual({ type: 'UPDATED', via: 'caldav', name: 'Yard', actor: { id: owner } });
      const patch = { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ name: 'Backyard' }) };
      expect((await service.request(owner, `/lists/${listId}`, patch)).status).toBe(200);
      expect(await nextChange()).toEqual({ type: 'UPDATED', via: null, name: 'Backyard', actor: { id: owner } });
      expect((await dav('DELETE')).status).toBe(204);
      expect(await nextChange()).toEqual({ type: 'DELETED', via: 'caldav', name: 'Backyard', actor: { id: owner } });

      const logged = await service.database.db.event.findMany({ where: { userId: owner, type: { startsWith: 'list.' } }, orderBy: { id: 'asc' } });
      expect(logged.map((event) => [event.type, JSON.parse(event.payload).via])).toEqual([
        ['list.updated', 'caldav'],
        ['list.updated', 'caldav'],
        ['list.updated', undefined],
        ['list.deleted', 'caldav'],
      ]);
      const ofList = () => receiver.received.map((webhook) => webhook.payload).filter((payload) => payload.data.task.id === task.id);
      await waitUntil(() => ofList().length >= 2, 'the task’s two webhook deliveries');
      expect(ofList().map((payload) => [payload.type, payload.data.actor, payload.data.via])).toEqual([
        ['task.created', owner, undefined],
        ['task.deleted', owner, 'caldav'],
      ]);
    } finally {
      await listWs.dispose();
    }
  });
});

const MKCALENDAR_GARDEN =
  '<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>' +
  '<d:displayname>Garden</d:displayname><c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>';
const proppatchBody = (set: string) =>
  `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:a="http://apple.com/ns/ical/"><d:set><d:prop>${set}</d:prop></d:set></d:propertyupdate>`;
