import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unfoldLines } from '../../src/caldav/ical-lines.js';
import type { XmlElement } from '../../src/caldav/dav-xml.js';
import { DeleteTaskMutation } from '../graphql/documents.js';
import { graphqlData } from '../support/graphql-client.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { basic, makeAppPassword, readMultistatus } from './support/dav-client.js';
import { loadRecordedRequest, recordedRequests } from './support/recorded-request.js';
import { readSync, syncBody } from './support/sync-report.js';

/*
 * What Apple Reminders, Thunderbird and DAVx⁵ send, as recorded in test/fixtures/caldav/ (see its
 * README for where each shape comes from), replayed against the service with the answers asserted.
 */
const DAV = (name: string) => `{DAV:}${name}`;
const CAL = (name: string) => `{urn:ietf:params:xml:ns:caldav}${name}`;
const CS = (name: string) => `{http://calendarserver.org/ns/}${name}`;
const APPLE = (name: string) => `{http://apple.com/ns/ical/}${name}`;
const hrefOf = (element: XmlElement | undefined) => element?.children.find((child) => child.name === DAV('href'))?.text;
const namesIn = (element: XmlElement | undefined): string[] => (element?.children ?? []).flatMap((child) => [child.name, ...namesIn(child)]);
const APPLE_UID = '5A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D';

describe.each(PROVIDERS)('recorded client requests (%s)', (provider) => {
  let service: TestService;
  const user = 'ada';
  let authorization: string;
  let errands: number;
  const ids: Record<string, number> = {};
  const principal = `/dav/principals/${user}/`;
  const home = `/dav/calendars/${user}/`;
  const inbox = `${home}inbox/`;
  const errandsPath = () => `${home}${errands}/`;
  const taskHref = (key: string) => `${errandsPath()}tickler-${ids[key]}.ics`;

  async function replay(client: string, name: string, values: Record<string, string> = {}): Promise<Response> {
    const request = loadRecordedRequest(client, name, { user, principal, home, collection: errandsPath(), ...values });
    return fetch(`${service.url}${request.path}`, { method: request.method, headers: { ...request.headers, authorization }, body: request.body });
  }
  const tokenOf = async (path: string) => (await readSync(await fetch(`${service.url}${path}`, { method: 'REPORT', headers: { authorization, depth: '0' }, body: syncBody('') }))).token;
  const objectsIn = (answer: Awaited<ReturnType<typeof readMultistatus>>) => [...answer.keys()].filter((href) => href.endsWith('.ics')).sort();

  beforeAll(async () => {
    service = await startTestService(provider, { clock: createManualClock(new Date('2026-11-21T12:00:00Z')) });
    authorization = basic(user, (await makeAppPassword(service, user)).password);
    await service.request(user, '/me', jsonRequest('PATCH', { timeZone: 'Europe/Berlin' }));
    errands = (await (await service.request(user, '/lists', jsonRequest('POST', { name: 'Errands', color: '#3366ff' }))).json()).id;
    const make = async (key: string, body: Record<string, unknown>) => {
      ids[key] = (await (await service.request(user, '/tasks', jsonRequest('POST', { listId: errands, ...body }))).json()).id;
    };
    await make('open', { title: 'Post the parcel', dueAt: '2026-11-25T10:00:00Z' });
    await make('done', { title: 'Buy stamps' });
    await make('later', { title: 'Plan the spring', dueAt: '2027-03-01T09:00:00Z' });
    expect((await service.request(user, `/tasks/${ids.done}`, { method: 'DELETE' })).status).toBe(204); // REST's DELETE completes
  });
  afterAll(async () => service?.close());

  it('Apple Reminders: the principal, the home with Apple’s properties, a PUT with X-APPLE-*, its sync and a time-range query', async () => {
    expect(recordedRequests('apple-reminders')).toHaveLength(5);
    const me = (await readMultistatus(await replay('apple-reminders', '01-principal-propfind.http'))).get(principal)!;
    expect(hrefOf(me.found.get(DAV('current-user-principal')))).toBe(principal);
    expect(hrefOf(me.found.get(CAL('calendar-home-set')))).toBe(home);
    expect(hrefOf(me.found.get(DAV('principal-URL')))).toBe(principal);
    // What Tickler has not (scheduling, dropbox, notifications) is a 404 propstat, never an error.
    expect(me.missing).toEqual(expect.arrayContaining([CS('dropbox-home-URL'), CS('email-address-set'), CAL('schedule-inbox-URL'), CAL('schedule-outbox-URL')]));

    const listing = await readMultistatus(await replay('apple-reminders', '02-home-propfind.http'));
    expect([...listing.keys()].sort()).toEqual([home, errandsPath(), inbox].sort());
    const list = listing.get(errandsPath())!;
    expect(list.found.get(DAV('displayname'))!.text).toBe('Errands');
    expect(list.found.get(APPLE('calendar-color'))!.text).toBe('#3366FFFF');
    expect(list.found.get(CS('getctag'))!.text).toMatch(/^"[\w-]+"$/);
    expect(list.found.get(DAV('sync-token'))!.text).toMatch(/^urn:tickler:sync:/);
    expect(list.found.get(CAL('supported-calendar-component-set'))!.children.map((comp) => comp.attrs['{}name'])).toEqual(['VTODO']);
    expect(namesIn(list.found.get(DAV('current-user-privilege-set')))).toContain(DAV('write-content'));
    expect(list.found.get(DAV('resourcetype'))!.children.map((child) => child.name)).toEqual([DAV('collection'), CAL('calendar')]);
    expect(list.missing).toEqual(expect.arrayContaining([APPLE('calendar-order'), CS('pushkey'), '{http://me.com/_namespace/}bulk-requests']));

    const before = await tokenOf(errandsPath());
    const put = await replay('apple-reminders', '03-put-reminder.http', { uid: APPLE_UID });
    expect(put.status, await put.clone().text()).toBe(201);
    const stored = unfoldLines(await (await fetch(`${service.url}${errandsPath()}${APPLE_UID}.ics`, { headers: { authorization } })).text());
    expect(stored).toEqual(expect.arrayContaining(['X-APPLE-SORT-ORDER:786542112', 'X-WR-ALARMUID:0B7C0D58-4A9E-4E8E-9D0A-2B1C3D4E5F60', 'URL;VALUE=URI:https://service.example/passport', 'TRIGGER;RELATED=END:-PT10M']));
    const row = (await service.database.db.caldavObject.findFirst({ where: { userId: user, uid: APPLE_UID } }))!;
    ids.passport = Number(row.taskId);
    expect(await (await service.request(user, `/tasks/${row.taskId}`)).json()).toMatchObject({
      title: 'Renew the passport',
      description: 'Photos first',
      dueAt: '2026-11-26T08:00:00.000Z',
      priority: 'urgent',
      remindBefore: 10,
      listId: errands,
    });
    // The same PUT again is refused by its If-None-Match: *, and nothing changes.
    expect((await replay('apple-reminders', '03-put-reminder.http', { uid: APPLE_UID })).status).toBe(412);

    const synced = await readMultistatus(await replay('apple-reminders', '04-sync-collection.http', { token: before }));
    expect([...synced.keys()]).toEqual([`${errandsPath()}${APPLE_UID}.ics`]);
    expect(synced.get(`${errandsPath()}${APPLE_UID}.ics`)!.found.get(DAV('getcontenttype'))!.text).toMatch(/^text\/calendar/);

    const window = await readMultistatus(await replay('apple-reminders', '05-time-range-query.http', { start: '20261124T000000Z', end: '20261128T000000Z' }));
    expect(objectsIn(window)).toEqual([taskHref('open'), `${errandsPath()}${APPLE_UID}.ics`].sort());
  });

  it('Thunderbird: the resource check, open tasks by COMPLETED is-not-defined, an event window, sync-collection and multiget', async () => {
    expect(recordedRequests('thunderbird')).toHaveLength(5);
    const resource = (await readMultistatus(await replay('thunderbird', '01-resource-propfind.http'))).get(errandsPath())!;
    expect(resource.found.get(DAV('resourcetype'))!.children.map((child) => child.name)).toContain(CAL('calendar'));
    expect(hrefOf(resource.found.get(DAV('owner')))).toBe(principal);
    expect(hrefOf(resource.found.get(DAV('current-user-principal')))).toBe(principal);
    expect(namesIn(resource.found.get(DAV('supported-report-set')))).toEqual(expect.arrayContaining([DAV('sync-collection'), CAL('calendar-multiget'), CAL('calendar-query')]));
    expect(resource.found.get(CAL('supported-calendar-component-set'))!.children.map((comp) => comp.attrs['{}name'])).toEqual(['VTODO']);
    expect(resource.found.has(CS('getctag'))).toBe(true);

    const open = await readMultistatus(await replay('thunderbird', '02-open-tasks-query.http'));
    expect(objectsIn(open)).not.toContain(taskHref('done'));
    expect(objectsIn(open)).toEqual(expect.arrayContaining([taskHref('open'), taskHref('later')]));
    expect(open.get(taskHref('open'))!.found.get(DAV('getetag'))!.text).toMatch(/^"[\w-]+"$/);

    const events = await replay('thunderbird', '03-event-time-range.http', { start: '20261101T000000Z', end: '20261201T000000Z' });
    expect(objectsIn(await readMultistatus(events))).toEqual([]);

    const before = await tokenOf(errandsPath());
    expect((await service.request(user, `/tasks/${ids.open}`, jsonRequest('PATCH', { title: 'Post the parcel today' }))).status).toBe(200);
    const synced = await readMultistatus(await replay('thunderbird', '04-sync-collection.http', { token: before }));
    expect([...synced.keys()]).toEqual([taskHref('open')]);

    const fetched = (await readMultistatus(await replay('thunderbird', '05-multiget.http', { href: taskHref('open') }))).get(taskHref('open'))!;
    expect(unfoldLines(fetched.found.get(CAL('calendar-data'))!.text)).toEqual(expect.arrayContaining(['SUMMARY:Post the parcel today', 'STATUS:NEEDS-ACTION']));
    expect(fetched.found.get(DAV('getetag'))!.text).toBe(synced.get(taskHref('open'))!.found.get(DAV('getetag'))!.text);
  });

  it('DAVx⁵: discovery, the collection check, a first sync with an empty token, a delta with a deletion, and multiget', async () => {
    expect(recordedRequests('davx5')).toHaveLength(6);
    const me = (await readMultistatus(await replay('davx5', '01-principal-propfind.http'))).get(principal)!;
    expect(hrefOf(me.found.get(CAL('calendar-home-set')))).toBe(home);

    const listing = await readMultistatus(await replay('davx5', '02-home-propfind.http'));
    for (const path of [inbox, errandsPath()]) {
      expect(listing.get(path)!.found.get(CAL('supported-calendar-component-set'))!.children.map((comp) => comp.attrs['{}name'])).toEqual(['VTODO']);
    }
    expect(listing.get(errandsPath())!.found.get(APPLE('calendar-color'))!.text).toBe('#3366FFFF');
    expect(listing.get(inbox)!.found.get(DAV('displayname'))!.text).toBe('Inbox');

    const check = (await readMultistatus(await replay('davx5', '03-collection-propfind.http'))).get(errandsPath())!;
    expect(namesIn(check.found.get(DAV('supported-report-set')))).toContain(DAV('sync-collection'));
    const token = check.found.get(DAV('sync-token'))!.text;

    const first = await replay('davx5', '04-initial-sync.http');
    const firstText = await first.clone().text();
    expect(objectsIn(await readMultistatus(first))).toEqual(
      [taskHref('open'), taskHref('done'), taskHref('later'), `${errandsPath()}${APPLE_UID}.ics`].sort(),
    );
    expect(firstText).toContain(`<d:sync-token>${token}</d:sync-token>`);

    await graphqlData(service, user, DeleteTaskMutation, { id: String(ids.done) });
    const delta = await readSync(await replay('davx5', '05-delta-sync.http', { token }));
    expect(delta).toMatchObject({ changed: {}, gone: [taskHref('done')], other: {} });
    expect(delta.token).not.toBe(token);

    const fetched = (await readMultistatus(await replay('davx5', '06-multiget.http', { href: taskHref('later') }))).get(taskHref('later'))!;
    expect([...fetched.found.keys()].sort()).toEqual([CAL('calendar-data'), DAV('getcontenttype'), DAV('getetag')].sort());
    expect(fetched.missing).toEqual([CAL('schedule-tag')]);
    expect(unfoldLines(fetched.found.get(CAL('calendar-data'))!.text)).toContain('SUMMARY:Plan the spring');
  });
});
