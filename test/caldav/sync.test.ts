import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteTaskMutation } from '../graphql/documents.js';
import { graphqlData } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, expectDavError, makeAppPassword } from './support/dav-client.js';
import { pythonCaldav, runPythonCaldav } from './support/python-caldav.js';
import { readSync, syncBody } from './support/sync-report.js';
import { todo } from './support/vtodo-samples.js';

const CALENDAR = { 'content-type': 'text/calendar; charset=utf-8' };
const SYNC_SCRIPT = `
import json, sys, caldav
url, user, password, path, phase, token = sys.argv[1:7]
client = caldav.DAVClient(url=url, username=user, password=password)
calendar = caldav.Calendar(client=client, url=url + path)
if phase == "initial":
    objects = calendar.objects_by_sync_token(load_objects=True)
    print(json.dumps({"token": objects.sync_token, "urls": sorted(str(o.url) for o in objects)}))
else:
    # What SynchronizableCalendarObjectCollection.sync() does with a token kept from last time.
    objects = calendar.objects_by_sync_token(sync_token=token, load_objects=False)
    updated, deleted = [], []
    for o in objects:
        try:
            o.load()
            updated.append(o)
        except caldav.lib.error.NotFoundError:
            deleted.append(o)
    print(json.dumps({
      "token": objects.sync_token,
      "updated": sorted(str(o.url) for o in updated),
      "deleted": sorted(str(o.url) for o in deleted),
      "summaries": sorted(str(o.icalendar_instance.walk("VTODO")[0]["SUMMARY"]) for o in updated),
    }))
`;

describe.each(PROVIDERS)('sync-collection (%s)', (provider) => {
  let service: TestService;
  const user = 'sami';
  let credentials: { userId: string; password: string };
  let errands: number;
  const home = `/dav/calendars/${user}/`;
  const inbox = `${home}inbox/`;
  const sync = (path: string, token: string, limit?: number) =>
    davRequest(service, credentials, path, { method: 'REPORT', headers: { depth: '0', 'content-type': 'application/xml' }, body: syncBody(token, limit) });
  const deleteInTickler = (id: number) => graphqlData(service, user, DeleteTaskMutation, { id: String(id) });
  const newTask = async (title: string, listId?: number) =>
    (await (await service.request(user, '/tasks', jsonRequest('POST', { title, ...(listId ? { listId } : {}) }))).json()) as { id: number };

  beforeAll(async () => {
    service = await startTestService(provider);
    credentials = { userId: user, password: (await makeAppPassword(service, user)).password };
    errands = (await (await service.request(user, '/lists', jsonRequest('POST', { name: 'Errands' }))).json()).id;
  });
  afterAll(async () => service?.close());

  it('answers changes, additions, deletions and moves since a token, and nothing else; the token is the collection’s sync-token', async () => {
    const keep = await newTask('Unchanged');
    const edit = await newTask('To edit');
    const drop = await newTask('To delete');
    const move = await newTask('To move');
    expect((await davRequest(service, credentials, `${inbox}client.ics`, { method: 'PUT', headers: CALENDAR, body: todo('client-1', 'Named by a client') })).status).toBe(201);
    const first = await readSync(await sync(inbox, ''));
    expect(Object.keys(first.changed).sort()).toEqual(
      [`${inbox}client.ics`, ...[keep, edit, drop, move].map((task) => `${inbox}tickler-${task.id}.ics`)].sort(),
    );
    const property = await davRequest(service, credentials, inbox, { headers: { depth: '0' }, body: '<d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>' });
    expect(await property.text()).toContain(`<d:sync-token>${first.token}</d:sync-token>`);
    // Nothing happened: nothing to answer, the same token.
    expect(await readSync(await sync(inbox, first.token))).toEqual({ token: first.token, changed: {}, gone: [], other: {} });

    expect((await service.request(user, `/tasks/${edit.id}`, jsonRequest('PATCH', { title: 'Edited' }))).status).toBe(200);
    await deleteInTickler(drop.id);
    expect((await service.request(user, `/tasks/${move.id}`, jsonRequest('PATCH', { listId: errands }))).status).toBe(200);
    const added = await newTask('Added');
    expect((await davRequest(service, credentials, `${inbox}client.ics`, { method: 'DELETE' })).status).toBe(204);
    const second = await readSync(await sync(inbox, first.token));
    expect(Object.keys(second.changed).sort()).toEqual([`${inbox}tickler-${edit.id}.ics`, `${inbox}tickler-${added.id}.ics`].sort());
    expect(second.changed[`${inbox}tickler-${edit.id}.ics`]).not.toBe(first.changed[`${inbox}tickler-${edit.id}.ics`]);
    expect(second.gone.sort()).toEqual([`${inbox}client.ics`, `${inbox}tickler-${drop.id}.ics`, `${inbox}tickler-${move.id}.ics`].sort());
    expect(second.token).not.toBe(first.token);
    // The list it moved to has it.
    const errandsSync = await readSync(await sync(`${home}${errands}/`, ''));
    expect(Object.keys(errandsSync.changed)).toEqual([`${home}${errands}/tickler-${move.id}.ics`]);
    // An old token still answers from where it was.
    expect(Object.keys((await readSync(await sync(inbox, first.token))).changed).sort()).toEqual(Object.keys(second.changed).sort());
  });

  it('a change only to what the client stored beside the task (an X- property) is a change too', async () => {
    const before = await readSync(await sync(inbox, ''));
    const body = todo('xprop-1', 'With extras', ['X-APPLE-SORT-ORDER:1']);
    expect((await davRequest(service, credentials, `${inbox}xprop.ics`, { method: 'PUT', headers: CALENDAR, body })).status).toBe(201);
    const mid = await readSync(await sync(inbox, before.token));
    expect(Object.keys(mid.changed)).toEqual([`${inbox}xprop.ics`]);
    const changed = body.replace('X-APPLE-SORT-ORDER:1', 'X-APPLE-SORT-ORDER:2');
    expect((await davRequest(service, credentials, `${inbox}xprop.ics`, { method: 'PUT', headers: CALENDAR, body: changed })).status).toBe(204);
    expect(Object.keys((await readSync(await sync(inbox, mid.token))).changed)).toEqual([`${inbox}xprop.ics`]);
  });

  it('getctag follows the sync token and the user’s zone, without reading the tasks', async () => {
    const props = async () => {
      const text = await (await davRequest(service, credentials, inbox, { headers: { depth: '0' }, body: '<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>' })).text();
      return { ctag: /getctag[^>]*>([^<]+)</.exec(text)![1], token: /sync-token>([^<]+)</.exec(text)![1] };
    };
    const before = await props();
    await newTask('Ctag');
    const afterTask = await props();
    expect(afterTask.ctag).not.toBe(before.ctag);
    expect(afterTask.token).not.toBe(before.token);
    await service.request(user, '/me', jsonRequest('PATCH', { timeZone: 'Asia/Tokyo' }));
    const afterZone = await props();
    expect(afterZone.token).toBe(afterTask.token);
    expect(afterZone.ctag).not.toBe(afterTask.ctag);
  });

  it('with a limit: the oldest changes up to it, a 507 for the collection, and a token to go on from', async () => {
    const start = await readSync(await sync(inbox, ''));
    const a = await newTask('Limit A');
    const b = await newTask('Limit B');
    const c = await newTask('Limit C');
    const page1 = await readSync(await sync(inbox, start.token, 2));
    expect(Object.keys(page1.changed)).toEqual([`${inbox}tickler-${a.id}.ics`, `${inbox}tickler-${b.id}.ics`]);
    expect(page1.other).toEqual({ [inbox]: 507 });
    const page2 = await readSync(await sync(inbox, page1.token, 2));
    expect(Object.keys(page2.changed)).toEqual([`${inbox}tickler-${c.id}.ics`]);
    expect(page2.other).toEqual({});
  });

  it('refuses a token it did not give this collection (another list’s, a future one, nonsense) with valid-sync-token', async () => {
    const inboxToken = (await readSync(await sync(inbox, ''))).token;
    const errandsToken = (await readSync(await sync(`${home}${errands}/`, ''))).token;
    await expectDavError(await sync(inbox, errandsToken), 403, 'valid-sync-token');
    await expectDavError(await sync(inbox, inboxToken.replace(/-(\d+)$/, (_m, seq: string) => `-${BigInt(seq) + 1000n}`)), 403, 'valid-sync-token');
    await expectDavError(await sync(inbox, 'http://example.org/ns/sync/1234'), 403, 'valid-sync-token');
    await expectDavError(await sync(home, ''), 403, 'supported-report');
  });

  it('syncing while tasks are written at the same time loses no change', async () => {
    const path = `${home}${errands}/`;
    let token = (await readSync(await sync(path, ''))).token;
    const seen = new Set<string>();
    const writes = Promise.all(Array.from({ length: 30 }, (_, i) => newTask(`Concurrent ${i}`, errands)));
    for (let round = 0; round < 6; round += 1) {
      const answer = await readSync(await sync(path, token));
      for (const href of Object.keys(answer.changed)) seen.add(href);
      token = answer.token;
    }
    const made = await writes;
    const last = await readSync(await sync(path, token));
    for (const href of Object.keys(last.changed)) seen.add(href);
    expect([...seen].sort()).toEqual(made.map((task) => `${path}tickler-${task.id}.ics`).sort());
  });

  it.skipIf(pythonCaldav.skip)('python3-caldav syncs by token: the edited and added objects come, the deleted one goes', async () => {
    const keep = await newTask('Py keep', errands);
    const edit = await newTask('Py edit', errands);
    const drop = await newTask('Py drop', errands);
    const path = `${home}${errands}/`;
    const initial = await runPythonCaldav<{ token: string; urls: string[] }>(SYNC_SCRIPT, [service.url, user, credentials.password, path, 'initial', '']);
    expect(initial.urls).toEqual(expect.arrayContaining([keep, edit, drop].map((task) => `${service.url}${path}tickler-${task.id}.ics`)));
    expect((await service.request(user, `/tasks/${edit.id}`, jsonRequest('PATCH', { title: 'Py edited' }))).status).toBe(200);
    await deleteInTickler(drop.id);
    const added = await newTask('Py added', errands);
    const after = await runPythonCaldav<{ token: string; updated: string[]; deleted: string[]; summaries: string[] }>(SYNC_SCRIPT, [
      service.url, user, credentials.password, path, 'sync', initial.token,
    ]);
    expect(after.updated).toEqual([edit, added].map((task) => `${service.url}${path}tickler-${task.id}.ics`).sort());
    expect(after.summaries).toEqual(['Py added', 'Py edited']);
    expect(after.deleted).toEqual([`${service.url}${path}tickler-${drop.id}.ics`]);
    expect(after.token).not.toBe(initial.token);
  });
});
