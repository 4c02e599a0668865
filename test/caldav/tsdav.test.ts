import { createDAVClient, type DAVCalendar, type DAVCalendarObject } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteTaskMutation } from '../graphql/documents.js';
import { graphqlData } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { makeAppPassword } from './support/dav-client.js';
import { todo } from './support/vtodo-samples.js';

type DavClient = Awaited<ReturnType<typeof createDAVClient>>;

// tsdav's default filter asks for VEVENTs; a task app passes this one (as tsdav's docs show for todos).
const VTODOS = [{ 'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: 'VTODO' } } } }];

/** tsdav (npm), the CalDAV library of many JavaScript apps, against the service on loopback. */
describe.each(PROVIDERS)('tsdav (%s)', (provider) => {
  let service: TestService;
  let client: DavClient;
  let calendars: DAVCalendar[];
  let errandsId: number;
  const user = 'tess';
  const home = `/dav/calendars/${user}/`;
  const byName = (name: string) => calendars.find((calendar) => calendar.displayName === name)!;
  const titleOf = (object: DAVCalendarObject) => /^SUMMARY:(.*)$/m.exec(String(object.data))?.[1]?.trim();

  beforeAll(async () => {
    service = await startTestService(provider);
    errandsId = (await (await service.request(user, '/lists', jsonRequest('POST', { name: 'Errands', color: '#22aa66' }))).json()).id;
    await service.request(user, '/tasks', jsonRequest('POST', { title: 'Post the letter', listId: errandsId }));
    await service.request(user, '/tasks', jsonRequest('POST', { title: 'Water the plants' }));
    const { password } = await makeAppPassword(service, user, 'tsdav');
    // Discovery from the bare server URL: /.well-known/caldav, the principal, the calendar home.
    client = await createDAVClient({ serverUrl: `${service.url}/`, credentials: { username: user, password }, authMethod: 'Basic', defaultAccountType: 'caldav' });
  });
  afterAll(async () => service?.close());

  it('discovers the calendar home and fetches one calendar per list, with names, colours and sync tokens', async () => {
    calendars = await client.fetchCalendars();
    expect(calendars.map((calendar) => new URL(calendar.url, service.url).pathname).sort()).toEqual([`${home}${errandsId}/`, `${home}inbox/`]);
    expect(byName('Errands')).toMatchObject({ components: ['VTODO'], syncToken: expect.stringMatching(/^urn:tickler:sync:/) });
    expect(byName('Errands').calendarColor).toMatch(/^#22aa66/i);
    expect(byName('Inbox').ctag).toBeTruthy();
  });

  it('fetchCalendarObjects reads each list’s tasks; createCalendarObject makes one Tickler sees', async () => {
    const errands = await client.fetchCalendarObjects({ calendar: byName('Errands'), filters: VTODOS });
    expect(errands.map(titleOf)).toEqual(['Post the letter']);
    expect(errands[0]!.etag).toMatch(/^"[\w-]+"$/);
    expect((await client.fetchCalendarObjects({ calendar: byName('Inbox'), filters: VTODOS })).map(titleOf)).toEqual(['Water the plants']);

    const created = await client.createCalendarObject({ calendar: byName('Errands'), filename: 'bread.ics', iCalString: todo('tsdav-bread', 'Buy bread') });
    expect(created.status).toBe(201);
    const tasks = await (await service.request(user, `/tasks?list=${errandsId}`)).json();
    expect(tasks.map((task: { title: string }) => task.title).sort()).toEqual(['Buy bread', 'Post the letter']);
  });

  it('syncCalendars and smartCollectionSync report a task deleted in Tickler as deleted, and only that', async () => {
    const errands = byName('Errands');
    const local: DAVCalendar = { ...errands, objects: await client.fetchCalendarObjects({ calendar: errands, filters: VTODOS }) };
    const letter = local.objects!.find((object) => titleOf(object) === 'Post the letter')!;
    const taskId = /tickler-(\d+)\.ics$/.exec(letter.url)![1];
    // REST's DELETE completes a task (the Todoist shim); deleting is GraphQL's deleteTask.
    await graphqlData(service, user, DeleteTaskMutation, { id: taskId! });
    expect((await service.request(user, `/tasks/${taskId}`)).status).toBe(404);

    const synced = await client.syncCalendars({ oldCalendars: [local, byName('Inbox')], detailedResult: true });
    expect(synced.created).toEqual([]);
    expect(synced.updated.map((calendar) => calendar.displayName)).toEqual(['Errands']);
    expect(synced.updated[0]!.objects!.map(titleOf)).toEqual(['Buy bread']);
    expect(synced.updated[0]!.syncToken).not.toBe(errands.syncToken);

    const result = await client.smartCollectionSync({ collection: { ...local, objectMultiGet: client.calendarMultiGet }, method: 'webdav', detailedResult: true });
    expect(result.objects.deleted.map((object) => new URL(object.url, service.url).pathname)).toEqual([new URL(letter.url, service.url).pathname]);
    expect(result.objects.created).toEqual([]);
    expect(result.objects.updated).toEqual([]);

    // REST's DELETE (completing) shows as an update carrying STATUS:COMPLETED, from the token just given.
    const bread = synced.updated[0]!.objects!.find((object) => titleOf(object) === 'Buy bread')!;
    const breadTask = (await service.database.db.caldavObject.findFirst({ where: { userId: user, name: 'bread.ics' } }))!.taskId;
    expect((await service.request(user, `/tasks/${breadTask}`, { method: 'DELETE' })).status).toBe(204);
    const after = await client.smartCollectionSync({
      collection: { ...local, objects: [bread], syncToken: result.syncToken, objectMultiGet: client.calendarMultiGet },
      method: 'webdav',
      detailedResult: true,
    });
    expect(after.objects.updated.map((object) => [new URL(object.url).pathname, /^STATUS:(.*)$/m.exec(String(object.data))?.[1]?.trim()])).toEqual([
      [`${home}${errandsId}/bread.ics`, 'COMPLETED'],
    ]);
    expect(after.objects.deleted).toEqual([]);
  });
});
