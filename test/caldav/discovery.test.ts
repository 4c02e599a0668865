import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childElement, type XmlElement } from '../../src/caldav/dav-xml.js';
import { caldav, dav } from '../../src/caldav/dav-namespaces.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, expectDavError, makeAppPassword, readMultistatus } from './support/dav-client.js';
import { DISCOVER, pythonCaldav, runPythonCaldav } from './support/python-caldav.js';

const CS = (name: string) => `{http://calendarserver.org/ns/}${name}`;
const propfindBody = (...props: string[]) =>
  `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/"><d:prop>${props.join('')}</d:prop></d:propfind>`;

const hrefIn = (element: XmlElement | undefined) => decodeURIComponent(childElement(element, dav('href'))?.text ?? '');

describe.each(PROVIDERS)('CalDAV discovery (%s)', (provider) => {
  let service: TestService;
  const user = 'ann smith@example.org';
  let credentials: { userId: string; password: string };

  beforeAll(async () => {
    service = await startTestService(provider);
    credentials = { userId: user, password: (await makeAppPassword(service, user)).password };
  });
  afterAll(async () => service?.close());

  const propfind = (path: string, depth: string, ...props: string[]) =>
    davRequest(service, credentials, path, { headers: { depth, 'content-type': 'application/xml' }, body: propfindBody(...props) });

  it('/.well-known/caldav moves permanently to /dav/, without signing in', async () => {
    for (const method of ['GET', 'PROPFIND']) {
      const response = await fetch(`${service.url}/.well-known/caldav`, { method, redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/dav/');
    }
  });

  it('the root names the principal; the principal names itself and the calendar home', async () => {
    const root = await readMultistatus(await propfind('/dav/', '0', '<d:current-user-principal/>', '<d:resourcetype/>', '<d:getetag/>'));
    const principalPath = `/dav/principals/${user}/`;
    expect([...root.keys()]).toEqual(['/dav/']);
    expect(hrefIn(root.get('/dav/')!.found.get(dav('current-user-principal')))).toBe(principalPath);
    expect(root.get('/dav/')!.missing).toEqual([dav('getetag')]);

    const principal = await readMultistatus(
      await propfind(encodeURI(principalPath), '0', '<d:resourcetype/>', '<d:principal-URL/>', '<c:calendar-home-set/>', '<d:displayname/>'),
    );
    const props = principal.get(principalPath)!.found;
    expect(props.get(dav('resourcetype'))!.children.map((c) => c.name)).toEqual([dav('principal')]);
    expect(hrefIn(props.get(dav('principal-URL')))).toBe(principalPath);
    expect(hrefIn(props.get(caldav('calendar-home-set')))).toBe(`/dav/calendars/${user}/`);
    expect(props.get(dav('displayname'))!.text).toBe(user);
  });

  it('the calendar home holds the Inbox collection, and it holds every task of the Inbox', async () => {
    const home = `/dav/calendars/${user}/`;
    const listing = await readMultistatus(
      await propfind(encodeURI(home), '1', '<d:resourcetype/>', '<d:displayname/>', '<c:supported-calendar-component-set/>', '<cs:getctag/>'),
    );
    expect([...listing.keys()]).toEqual([home, `${home}inbox/`]);
    const inbox = listing.get(`${home}inbox/`)!.found;
    expect(inbox.get(dav('resourcetype'))!.children.map((c) => c.name)).toEqual([dav('collection'), caldav('calendar')]);
    expect(inbox.get(dav('displayname'))!.text).toBe('Inbox');
    expect(inbox.get(caldav('supported-calendar-component-set'))!.children.map((c) => c.attrs['{}name'])).toEqual(['VTODO']);
    expect(listing.get(home)!.missing).toEqual([caldav('supported-calendar-component-set'), CS('getctag')]);

    const first = await (await service.request(user, '/tasks', jsonRequest('POST', { title: 'Buy milk', dueAt: '2026-11-25T17:00:00Z' }))).json();
    const second = await (await service.request(user, '/tasks', jsonRequest('POST', { title: 'Call mom' }))).json();
    await service.request('someone else', '/tasks', jsonRequest('POST', { title: 'Not yours' }));
    const objects = await readMultistatus(await propfind(encodeURI(`${home}inbox/`), '1', '<d:getetag/>', '<d:getcontenttype/>', '<cs:getctag/>'));
    expect([...objects.keys()]).toEqual([`${home}inbox/`, `${home}inbox/tickler-${first.id}.ics`, `${home}inbox/tickler-${second.id}.ics`]);
    const etag = objects.get(`${home}inbox/tickler-${first.id}.ics`)!.found.get(dav('getetag'))!.text;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(objects.get(`${home}inbox/tickler-${second.id}.ics`)!.found.get(dav('getcontenttype'))!.text).toBe('text/calendar; charset=utf-8; component=vtodo');
    const ctag = objects.get(`${home}inbox/`)!.found.get(CS('getctag'))!.text;

    // A change in Tickler changes that object's ETag and the collection's ctag, nothing else.
    await service.request(user, `/tasks/${first.id}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ title: 'Buy oat milk' }) });
    const after = await readMultistatus(await propfind(encodeURI(`${home}inbox/`), '1', '<d:getetag/>', '<cs:getctag/>'));
    expect(after.get(`${home}inbox/tickler-${first.id}.ics`)!.found.get(dav('getetag'))!.text).not.toBe(etag);
    expect(after.get(`${home}inbox/tickler-${second.id}.ics`)!.found.get(dav('getetag'))!.text).toBe(
      objects.get(`${home}inbox/tickler-${second.id}.ics`)!.found.get(dav('getetag'))!.text,
    );
    expect(after.get(`${home}inbox/`)!.found.get(CS('getctag'))!.text).not.toBe(ctag);
    // One object at depth 0, with its calendar data when asked.
    const one = await readMultistatus(await propfind(encodeURI(`${home}inbox/tickler-${first.id}.ics`), '0', '<c:calendar-data/>'));
    expect(one.get(`${home}inbox/tickler-${first.id}.ics`)!.found.get(caldav('calendar-data'))!.text).toContain('SUMMARY:Buy oat milk');
  });

  it('allprop and propname; no body means allprop', async () => {
    const inbox = encodeURI(`/dav/calendars/${user}/inbox/`);
    const all = await readMultistatus(await davRequest(service, credentials, inbox, { headers: { depth: '0' } }));
    const props = [...all.values()][0]!.found;
    expect([...props.keys()]).toEqual(expect.arrayContaining([dav('resourcetype'), dav('displayname'), CS('getctag'), caldav('supported-calendar-component-set')]));
    const names = await readMultistatus(
      await davRequest(service, credentials, inbox, { headers: { depth: '0' }, body: '<propfind xmlns="DAV:"><propname/></propfind>' }),
    );
    expect([...[...names.values()][0]!.found.values()].every((element) => element.children.length === 0 && element.text === '')).toBe(true);
  });

  it("another user's principal, home or collection is a 404, like a missing one", async () => {
    await makeAppPassword(service, 'bob');
    for (const path of ['/dav/principals/bob/', '/dav/calendars/bob/', '/dav/calendars/bob/inbox/', encodeURI(`/dav/calendars/${user}/nope/`), encodeURI(`/dav/calendars/${user}/inbox/tickler-999.ics`), '/dav/elsewhere/']) {
      await expectDavError(await propfind(path, '0', '<d:resourcetype/>'), 404);
    }
  });

  it('refuses malformed XML (400), a body over 256 KiB (413) and a Depth of 2 (400), each with a DAV error body', async () => {
    await expectDavError(await davRequest(service, credentials, '/dav/', { headers: { depth: '0' }, body: '<d:propfind xmlns:d="DAV:"><d:prop>' }), 400);
    const big = propfindBody(`<d:displayname>${'x'.repeat(256 * 1024)}</d:displayname>`);
    await expectDavError(await davRequest(service, credentials, '/dav/', { headers: { depth: '0', 'content-type': 'application/xml' }, body: big }), 413);
    await expectDavError(await propfind('/dav/', '2', '<d:resourcetype/>'), 400);
  });

  it.skipIf(pythonCaldav.skip)('python3-caldav finds the principal, the home and the inbox from the bare server URL', async () => {
    const found = await runPythonCaldav<{ principal: string; home: string; calendars: Array<{ url: string; name: string }> }>(DISCOVER, [
      service.url,
      user,
      credentials.password,
    ]);
    const base = `${service.url}/dav`;
    expect(found).toEqual({
      principal: `${base}/principals/${encodeURIComponent(user)}/`,
      home: `${base}/calendars/${encodeURIComponent(user)}/`,
      calendars: [{ url: `${base}/calendars/${encodeURIComponent(user)}/inbox/`, name: 'Inbox' }],
    });
  });
});
