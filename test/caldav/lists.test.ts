import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childElement, childElements } from '../../src/caldav/dav-xml.js';
import { caldav, dav } from '../../src/caldav/dav-namespaces.js';
import { makeSharedList } from '../support/lists.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, expectDavError, makeAppPassword, readMultistatus } from './support/dav-client.js';
import { todo } from './support/vtodo-samples.js';
import { pythonCaldav, runPythonCaldav } from './support/python-caldav.js';

/** python3-caldav: every calendar with its name, a todo saved into the one named, a calendar made, the todos of each. */
const PY_LISTS = `
import json, sys, caldav
url, user, password, target = sys.argv[1:5]
client = caldav.DAVClient(url=url, username=user, password=password)
principal = client.principal()
calendar = next(c for c in principal.calendars() if c.get_display_name() == target)
calendar.save_todo("BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\nPRODID:-//py//EN\\r\\nBEGIN:VTODO\\r\\nUID:py-todo-1\\r\\nDTSTAMP:20261120T101612Z\\r\\nSUMMARY:Saved by python\\r\\nEND:VTODO\\r\\nEND:VCALENDAR\\r\\n")
made = principal.make_calendar(name="Made by python", supported_calendar_component_set=["VTODO"])
print(json.dumps({
  "calendars": [{"name": c.get_display_name(), "todos": sorted(str(t.icalendar_instance.walk("VTODO")[0]["SUMMARY"]) for t in c.todos())} for c in principal.calendars()],
  "made": str(made.url),
}))
`;

const APPLE_COLOR = '{http://apple.com/ns/ical/}calendar-color';
const CS = (name: string) => `{http://calendarserver.org/ns/}${name}`;
const CALENDAR = { 'content-type': 'text/calendar; charset=utf-8' };
const propfindBody = (...props: string[]) =>
  `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:a="http://apple.com/ns/ical/"><d:prop>${props.join('')}</d:prop></d:propfind>`;

const privilegesOf = (element: { children: Array<{ name: string; children: Array<{ name: string }> }> } | undefined) =>
  (element?.children ?? []).map((privilege) => privilege.children[0]!.name.replace('{DAV:}', '')).sort();

describe.each(PROVIDERS)('lists as calendar collections (%s)', (provider) => {
  let service: TestService;
  const owner = 'rosa';
  const viewer = 'vik';
  let rosa: { userId: string; password: string };
  let vik: { userId: string; password: string };
  let groceries: number;
  let family: bigint;
  const home = `/dav/calendars/${owner}/`;
  const as = (who: { userId: string; password: string }, path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) =>
    davRequest(service, who, path, init);
  const propfind = (who: { userId: string; password: string }, path: string, depth: string, ...props: string[]) =>
    as(who, path, { headers: { depth, 'content-type': 'application/xml' }, body: propfindBody(...props) });
  const taskOf = async (name: string) => (await service.database.db.caldavObject.findFirst({ where: { name }, include: { task: true } }))?.task ?? null;

  beforeAll(async () => {
    service = await startTestService(provider);
    rosa = { userId: owner, password: (await makeAppPassword(service, owner)).password };
    vik = { userId: viewer, password: (await makeAppPassword(service, viewer)).password };
    const created = await service.request(owner, '/lists', jsonRequest('POST', { name: 'Groceries', color: '#33aa55' }));
    expect(created.status).toBe(201);
    groceries = (await created.json()).id;
    family = await makeSharedList(service.database.db, 'fritz', 'Family', { [owner]: 'editor', [viewer]: 'viewer' });
  });
  afterAll(async () => service?.close());

  it('the home holds one collection per list the user is in: Inbox at its old path, then by name, with name, color and VTODO', async () => {
    const listing = await readMultistatus(
      await propfind(rosa, home, '1', '<d:displayname/>', '<a:calendar-color/>', '<c:supported-calendar-component-set/>', '<cs:getctag/>', '<d:sync-token/>', '<d:resourcetype/>'),
    );
    expect([...listing.keys()]).toEqual([home, `${home}inbox/`, `${home}${family}/`, `${home}${groceries}/`]);
    const names = [...listing.values()].slice(1).map(({ found }) => found.get(dav('displayname'))!.text);
    expect(names).toEqual(['Inbox', 'Family', 'Groceries']);
    const grocery = listing.get(`${home}${groceries}/`)!;
    expect(grocery.found.get(APPLE_COLOR)!.text).toBe('#33AA55FF');
    expect(listing.get(`${home}inbox/`)!.missing).toContain(APPLE_COLOR);
    for (const { found } of [...listing.values()].slice(1)) {
      expect(childElements(found.get(caldav('supported-calendar-component-set')), caldav('comp')).map((comp) => comp.attrs['{}name'])).toEqual(['VTODO']);
      expect(found.get(CS('getctag'))!.text).toMatch(/\S/);
      expect(found.get(dav('resourcetype'))!.children.map((child) => child.name)).toContain(caldav('calendar'));
    }
  });

  it('PUT into a collection makes the task in that list; a task moved in Tickler shows up in the other collection only', async () => {
    const response = await as(rosa, `${home}${groceries}/milk.ics`, { method: 'PUT', headers: CALENDAR, body: todo('milk-1', 'Buy milk') });
    expect(response.status, await response.clone().text()).toBe(201);
    const task = (await taskOf('milk.ics'))!;
    expect(task.listId).toBe(BigInt(groceries));
    const before = (await (await propfind(rosa, `${home}inbox/`, '0', '<cs:getctag/>')).text()).length;
    expect(before).toBeGreaterThan(0);

    const moved = await service.request(owner, `/tasks/${task.id}`, jsonRequest('PATCH', { listId: Number(family) }));
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await as(rosa, `${home}${groceries}/milk.ics`, { method: 'GET' })).status).toBe(404);
    const inFamily = await as(rosa, `${home}${family}/milk.ics`, { method: 'GET' });
    expect(inFamily.status).toBe(200);
    expect(await inFamily.text()).toContain('SUMMARY:Buy milk');
    // The viewer sees it too, under their own home.
    const listing = await readMultistatus(await propfind(vik, `/dav/calendars/${viewer}/${family}/`, '1', '<d:getetag/>'));
    expect([...listing.keys()]).toContain(`/dav/calendars/${viewer}/${family}/milk.ics`);
  });

  it('current-user-privilege-set follows the role: owner all, editor writes, viewer reads', async () => {
    const own = await readMultistatus(await propfind(rosa, home, '1', '<d:current-user-privilege-set/>'));
    expect(privilegesOf(own.get(home)!.found.get(dav('current-user-privilege-set')))).toEqual(['bind', 'read', 'read-current-user-privilege-set']);
    expect(privilegesOf(own.get(`${home}${groceries}/`)!.found.get(dav('current-user-privilege-set')))).toEqual(
      ['all', 'bind', 'read', 'read-current-user-privilege-set', 'unbind', 'write', 'write-content', 'write-properties'],
    );
    expect(privilegesOf(own.get(`${home}${family}/`)!.found.get(dav('current-user-privilege-set')))).toEqual(
      ['bind', 'read', 'read-current-user-privilege-set', 'unbind', 'write-content', 'write-properties'],
    );
    const vikHome = `/dav/calendars/${viewer}/`;
    const theirs = await readMultistatus(await propfind(vik, vikHome, '1', '<d:current-user-privilege-set/>'));
    expect(privilegesOf(theirs.get(`${vikHome}${family}/`)!.found.get(dav('current-user-privilege-set')))).toEqual(['read', 'read-current-user-privilege-set']);
    const object = await readMultistatus(await propfind(vik, `${vikHome}${family}/milk.ics`, '0', '<d:current-user-privilege-set/>'));
    expect(privilegesOf(object.get(`${vikHome}${family}/milk.ics`)!.found.get(dav('current-user-privilege-set')))).toEqual(['read', 'read-current-user-privilege-set']);
  });

  it('a viewer’s PUT and DELETE are 403 with need-privileges and change nothing; an editor writes', async () => {
    const path = `/dav/calendars/${viewer}/${family}/`;
    const tasksBefore = await service.database.db.task.count({ where: { listId: family } });
    await expectDavError(await as(vik, `${path}new.ics`, { method: 'PUT', headers: CALENDAR, body: todo('vik-1', 'Not mine to add') }), 403, 'need-privileges');
    await expectDavError(await as(vik, `${path}milk.ics`, { method: 'PUT', headers: CALENDAR, body: todo('milk-1', 'Changed') }), 403, 'need-privileges');
    await expectDavError(await as(vik, `${path}milk.ics`, { method: 'DELETE' }), 403, 'need-privileges');
    expect(await service.database.db.task.count({ where: { listId: family } })).toBe(tasksBefore);
    expect((await taskOf('milk.ics'))!.title).toBe('Buy milk');
    expect(await service.database.db.caldavObject.count({ where: { name: 'new.ics' } })).toBe(0);
    // Rosa is an editor of Family.
    expect((await as(rosa, `${home}${family}/milk.ics`, { method: 'PUT', headers: CALENDAR, body: todo('milk-1', 'Buy oat milk') })).status).toBe(204);
    expect((await taskOf('milk.ics'))!.title).toBe('Buy oat milk');
  });

  it.skipIf(pythonCaldav.skip)('python3-caldav sees every list as a calendar, saves a todo into one and makes another', async () => {
    const found = await runPythonCaldav<{ calendars: Array<{ name: string; todos: string[] }>; made: string }>(PY_LISTS, [service.url, owner, rosa.password, 'Groceries']);
    expect(found.calendars).toEqual([
      { name: 'Inbox', todos: [] },
      { name: 'Family', todos: ['Buy oat milk'] },
      { name: 'Groceries', todos: ['Saved by python'] },
      { name: 'Made by python', todos: [] },
    ]);
    expect((await service.database.db.task.findFirst({ where: { title: 'Saved by python' } }))!.listId).toBe(BigInt(groceries));
    const lists = (await (await service.request(owner, '/lists')).json()) as Array<{ name: string }>;
    expect(lists.map((list) => list.name)).toContain('Made by python');
    expect(found.made).toMatch(new RegExp(`^${service.url}/dav/calendars/${owner}/[^/]+/$`));
  });

  it('a list the user is no member of is a 404, by its id and under their own home; so is a malformed segment', async () => {
    const outsider = { userId: 'otto', password: (await makeAppPassword(service, 'otto')).password };
    await expectDavError(await propfind(outsider, `/dav/calendars/otto/${family}/`, '0', '<d:displayname/>'), 404);
    await expectDavError(await as(outsider, `/dav/calendars/otto/${family}/milk.ics`, { method: 'GET' }), 404);
    await expectDavError(await as(outsider, `/dav/calendars/otto/${family}/x.ics`, { method: 'PUT', headers: CALENDAR, body: todo('o-1', 'Sneak') }), 404);
    await expectDavError(await propfind(outsider, `/dav/calendars/${viewer}/${family}/`, '0', '<d:displayname/>'), 404);
    await expectDavError(await propfind(outsider, '/dav/calendars/otto/0012/', '0', '<d:displayname/>'), 404);
    expect(childElement(undefined, dav('href'))).toBeUndefined();
  });
});

const mkcalendarBody = (name: string, color?: string, components = ['VTODO']) =>
  `<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="http://apple.com/ns/ical/"><d:set><d:prop>` +
  `<d:displayname>${name}</d:displayname>${color ? `<a:calendar-color>${color}</a:calendar-color>` : ''}` +
  `<c:supported-calendar-component-set>${components.map((c) => `<c:comp name="${c}"/>`).join('')}</c:supported-calendar-component-set>` +
  `<c:calendar-description>ignored</c:calendar-description></d:prop></d:set></c:mkcalendar>`;
const proppatchBody = (set: string, remove = '') =>
  `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:a="http://apple.com/ns/ical/" xmlns:x="urn:x">` +
  `${set ? `<d:set><d:prop>${set}</d:prop></d:set>` : ''}${remove ? `<d:remove><d:prop>${remove}</d:prop></d:remove>` : ''}</d:propertyupdate>`;

/** The status per property of a PROPPATCH answer. */
async function patchStatuses(response: Response): Promise<Record<string, number>> {
  const text = await response.text();
  expect(response.status, text).toBe(207);
  const { parseDavXml } = await import('../../src/caldav/dav-xml.js');
  const statuses: Record<string, number> = {};
  for (const propstat of childElements(childElement(parseDavXml(text)!, dav('response')), dav('propstat'))) {
    const status = Number(/ (\d{3})/.exec(childElement(propstat, dav('status'))!.text)![1]);
    for (const prop of childElement(propstat, dav('prop'))!.children) statuses[prop.name.replace(/^\{[^}]*\}/, '')] = status;
  }
  return statuses;
}

describe.each(PROVIDERS)('making, changing and deleting lists over CalDAV (%s)', (provider) => {
  let service: TestService;
  const user = 'mara';
  let mara: { userId: string; password: string };
  let eddie: { userId: string; password: string };
  let shared: bigint;
  const home = `/dav/calendars/${user}/`;
  const listsOf = async (userId: string) => (await (await service.request(userId, '/lists')).json()) as Array<{ id: number; name: string; color: string | null }>;

  beforeAll(async () => {
    service = await startTestService(provider);
    mara = { userId: user, password: (await makeAppPassword(service, user)).password };
    eddie = { userId: 'eddie', password: (await makeAppPassword(service, 'eddie')).password };
    shared = await makeSharedList(service.database.db, user, 'Team', { eddie: 'editor' });
  });
  afterAll(async () => service?.close());

  it('MKCALENDAR makes a list named by displayname, colored by calendar-color, reachable where the client put it', async () => {
    const path = `${home}6b1c2d3e-work/`;
    const made = await davRequest(service, mara, path, { method: 'MKCALENDAR', headers: { 'content-type': 'application/xml' }, body: mkcalendarBody('Work', '#FF8800FF') });
    expect(made.status, await made.clone().text()).toBe(201);
    expect((await listsOf(user)).find((list) => list.name === 'Work')).toMatchObject({ color: '#ff8800' });
    const listing = await readMultistatus(await davRequest(service, mara, home, { headers: { depth: '1' }, body: propfindBody('<d:displayname/>') }));
    expect(listing.get(path)!.found.get(dav('displayname'))!.text).toBe('Work');
    const put = await davRequest(service, mara, `${path}a.ics`, { method: 'PUT', headers: CALENDAR, body: todo('work-a', 'Write report') });
    expect(put.status).toBe(201);
    const work = (await listsOf(user)).find((list) => list.name === 'Work')!;
    expect((await service.database.db.task.findFirst({ where: { title: 'Write report' } }))!.listId).toBe(BigInt(work.id));
    // The list's id is not a second path to it.
    await expectDavError(await davRequest(service, mara, `${home}${work.id}/`, { headers: { depth: '0' } }), 404);
  });

  it('MKCALENDAR refuses an existing path, a number, a VEVENT-only calendar and a taken name, making nothing', async () => {
    const count = (await listsOf(user)).length;
    const mk = (path: string, body: string) => davRequest(service, mara, path, { method: 'MKCALENDAR', headers: { 'content-type': 'application/xml' }, body });
    await expectDavError(await mk(`${home}6b1c2d3e-work/`, mkcalendarBody('Work 2')), 403, 'resource-must-be-null');
    await expectDavError(await mk(`${home}inbox/`, mkcalendarBody('Other')), 403, 'resource-must-be-null');
    await expectDavError(await mk(`${home}123/`, mkcalendarBody('Other')), 403, 'resource-must-be-null');
    await expectDavError(await mk(`${home}events/`, mkcalendarBody('Events', undefined, ['VEVENT'])), 403, 'supported-calendar-component');
    await expectDavError(await mk(`${home}again/`, mkcalendarBody('work')), 409);
    await expectDavError(await mk(`${home}x/`, '<nonsense'), 400);
    expect((await listsOf(user)).length).toBe(count);
    expect(await service.database.db.caldavCollection.count()).toBe(1);
  });

  it('PROPPATCH renames and recolours (multistatus per property), all or nothing, by the list rights', async () => {
    const path = `${home}6b1c2d3e-work/`;
    const patch = (who: typeof mara, at: string, set: string, remove = '') =>
      davRequest(service, who, at, { method: 'PROPPATCH', headers: { 'content-type': 'application/xml' }, body: proppatchBody(set, remove) });
    expect(await patchStatuses(await patch(mara, path, '<d:displayname>Office</d:displayname><a:calendar-color>#123456</a:calendar-color>'))).toEqual({ displayname: 200, 'calendar-color': 200 });
    expect((await listsOf(user)).find((list) => list.name === 'Office')).toMatchObject({ color: '#123456' });
    // An unknown property fails the request: nothing changes.
    expect(await patchStatuses(await patch(mara, path, '<d:displayname>Nope</d:displayname><x:order>3</x:order>'))).toEqual({ displayname: 424, order: 403 });
    expect(await patchStatuses(await patch(mara, path, '<a:calendar-color>teal</a:calendar-color>'))).toEqual({ 'calendar-color': 409 });
    expect(await patchStatuses(await patch(mara, path, '<d:displayname>Inbox</d:displayname>'))).toEqual({ displayname: 409 });
    expect(await patchStatuses(await patch(mara, path, '', '<a:calendar-color/>'))).toEqual({ 'calendar-color': 200 });
    expect((await listsOf(user)).find((list) => list.name === 'Office')).toMatchObject({ color: null });
    // An editor recolours but does not rename.
    const team = `/dav/calendars/eddie/${shared}/`;
    expect(await patchStatuses(await patch(eddie, team, '<a:calendar-color>#00FF00</a:calendar-color>'))).toEqual({ 'calendar-color': 200 });
    expect(await patchStatuses(await patch(eddie, team, '<d:displayname>Mine</d:displayname><a:calendar-color>#0000FF</a:calendar-color>'))).toEqual({ displayname: 403, 'calendar-color': 424 });
    expect((await listsOf(user)).find((list) => list.id === Number(shared))).toMatchObject({ name: 'Team', color: '#00ff00' });
  });

  it('DELETE of a collection deletes the list with its tasks (owner only); the Inbox is 403', async () => {
    await expectDavError(await davRequest(service, eddie, `/dav/calendars/eddie/${shared}/`, { method: 'DELETE' }), 403, 'need-privileges');
    await expectDavError(await davRequest(service, mara, `${home}inbox/`, { method: 'DELETE' }), 403);
    const { listId } = (await service.database.db.caldavCollection.findFirst({ where: { segment: '6b1c2d3e-work' } }))!;
    expect(await service.database.db.caldavChange.count({ where: { listId } })).toBeGreaterThan(0);
    expect((await davRequest(service, mara, `${home}6b1c2d3e-work/`, { method: 'DELETE' })).status).toBe(204);
    // What sync-collection kept for the list goes with it.
    expect(await service.database.db.caldavChange.count({ where: { listId } })).toBe(0);
    expect(await service.database.db.caldavSync.count({ where: { listId } })).toBe(0);
    expect((await listsOf(user)).map((list) => list.name)).toEqual(['Inbox', 'Team']);
    expect(await service.database.db.task.count({ where: { title: 'Write report' } })).toBe(0);
    expect(await service.database.db.caldavCollection.count()).toBe(0);
    await expectDavError(await davRequest(service, mara, `${home}6b1c2d3e-work/`, { headers: { depth: '0' } }), 404);
  });

  it('CATEGORIES are the task’s labels, both ways', async () => {
    const put = await davRequest(service, mara, `${home}inbox/labels.ics`, { method: 'PUT', headers: CALENDAR, body: todo('labels-1', 'Tagged', ['CATEGORIES:Home,Errands']) });
    expect(put.status).toBe(201);
    const row = (await service.database.db.caldavObject.findFirst({ where: { name: 'labels.ics' } }))!;
    const task = await (await service.request(user, `/tasks/${row.taskId}`)).json();
    expect(task.labels).toEqual(['Home', 'Errands']);
    const patched = await service.request(user, `/tasks/${row.taskId}`, jsonRequest('PATCH', { labels: ['Garden'] }));
    expect(patched.status).toBe(200);
    const text = await (await davRequest(service, mara, `${home}inbox/labels.ics`, { method: 'GET' })).text();
    expect(text).toContain('CATEGORIES:Garden\r\n');
    expect(text).not.toContain('Errands');
  });
});
