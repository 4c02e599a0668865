import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caldav, dav } from '../../src/caldav/dav-namespaces.js';
import { childElement, childElements, parseDavXml } from '../../src/caldav/dav-xml.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, expectDavError, makeAppPassword } from './support/dav-client.js';
import { APPLE_REMINDER } from './support/vtodo-samples.js';

/*
 * REPORT bodies as clients send them, after their public source: Thunderbird (calDavCalendar.sys.mjs:
 * open tasks through COMPLETED is-not-defined), Apple (a VTODO time-range), DAVx⁵ (every VTODO, then
 * calendar-multiget of what changed).
 */
const THUNDERBIRD_OPEN_TASKS = `<?xml version="1.0" encoding="UTF-8"?>
<calendar-query xmlns:D="DAV:" xmlns="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/></D:prop>
  <filter><comp-filter name="VCALENDAR"><comp-filter name="VTODO"><prop-filter name="COMPLETED"><is-not-defined/></prop-filter></comp-filter></comp-filter></filter>
</calendar-query>`;
const appleTimeRange = (start: string, end: string) => `<?xml version="1.0" encoding="UTF-8"?>
<B:calendar-query xmlns:B="urn:ietf:params:xml:ns:caldav"><A:prop xmlns:A="DAV:"><A:getetag/><A:getcontenttype/></A:prop>
<B:filter><B:comp-filter name="VCALENDAR"><B:comp-filter name="VTODO"><B:time-range start="${start}" end="${end}"/></B:comp-filter></B:comp-filter></B:filter></B:calendar-query>`;
const DAVX5_ALL_TASKS = `<?xml version='1.0' encoding='UTF-8' ?><CAL:calendar-query xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop><getetag /></prop><CAL:filter><CAL:comp-filter name="VCALENDAR"><CAL:comp-filter name="VTODO" /></CAL:comp-filter></CAL:filter></CAL:calendar-query>`;
const summaryMatch = (text: string, negate = false) => `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:prop-filter name="SUMMARY"><c:text-match${negate ? ' negate-condition="yes"' : ''}>${text}</c:text-match></c:prop-filter></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;
const EVENTS = DAVX5_ALL_TASKS.replace('name="VTODO"', 'name="VEVENT"');
const multiget = (...hrefs: string[]) => `<?xml version="1.0" encoding="utf-8" ?>
<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop>${hrefs.map((h) => `<D:href>${h}</D:href>`).join('')}</C:calendar-multiget>`;

describe.each(PROVIDERS)('CalDAV reports (%s)', (provider) => {
  let service: TestService;
  const user = 'rita';
  let credentials: { userId: string; password: string };
  const inbox = `/dav/calendars/${user}/inbox/`;
  const names: Record<string, string> = {};

  const reportOn = (body: string, path = inbox) => davRequest(service, credentials, path, { method: 'REPORT', headers: { depth: '1', 'content-type': 'application/xml' }, body });
  /** The names of the objects a 207 lists, with each one's status or found properties. */
  async function answered(response: Response): Promise<Map<string, { status?: string; props: Map<string, string> }>> {
    const text = await response.text();
    expect(response.status, text).toBe(207);
    const result = new Map<string, { status?: string; props: Map<string, string> }>();
    for (const entry of childElements(parseDavXml(text)!, dav('response'))) {
      const href = decodeURIComponent(childElement(entry, dav('href'))!.text);
      const props = new Map<string, string>();
      for (const propstat of childElements(entry, dav('propstat'))) {
        if (!childElement(propstat, dav('status'))!.text.includes(' 200 ')) continue;
        for (const prop of childElement(propstat, dav('prop'))!.children) props.set(prop.name, prop.text);
      }
      const status = childElement(entry, dav('status'))?.text;
      result.set(href.slice(inbox.length), status ? { status, props } : { props });
    }
    return result;
  }
  const namesOf = async (response: Response) => [...(await answered(response)).keys()].sort();
  const named = (...keys: string[]) => keys.map((key) => names[key]!).sort();

  beforeAll(async () => {
    service = await startTestService(provider, { clock: createManualClock(new Date('2026-11-21T12:00:00Z')) });
    credentials = { userId: user, password: (await makeAppPassword(service, user)).password };
    await service.request(user, '/me', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ timeZone: 'Europe/Berlin' }) });
    const create = async (key: string, body: Record<string, unknown>) => {
      const task = await (await service.request(user, '/tasks', jsonRequest('POST', body))).json();
      names[key] = `tickler-${task.id}.ics`;
      return task;
    };
    await create('milk', { title: 'Buy milk', dueAt: '2026-11-25T17:00:00Z' });
    const done = await create('done', { title: 'Done already' });
    await service.request(user, `/tasks/${done.id}`, { method: 'DELETE' });
    await create('someday', { title: 'Someday' });
    await create('bins', { title: 'Bins', dueAt: '2026-11-23T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    names.apple = 'apple.ics';
    const put = await davRequest(service, credentials, `${inbox}apple.ics`, { method: 'PUT', headers: { 'content-type': 'text/calendar' }, body: APPLE_REMINDER });
    expect(put.status).toBe(201);
  });
  afterAll(async () => service?.close());

  it("Thunderbird's open tasks: COMPLETED is-not-defined leaves out the completed one", async () => {
    expect(await namesOf(await reportOn(THUNDERBIRD_OPEN_TASKS))).toEqual(named('milk', 'someday', 'bins', 'apple'));
  });

  it("DAVx⁵'s every VTODO; a VEVENT filter finds nothing in a task list", async () => {
    const all = await answered(await reportOn(DAVX5_ALL_TASKS));
    expect([...all.keys()].sort()).toEqual(named('milk', 'done', 'someday', 'bins', 'apple'));
    expect([...all.values()].every((entry) => /^"[\w-]{32}"$/.test(entry.props.get(dav('getetag'))!))).toBe(true);
    expect(await namesOf(await reportOn(EVENTS))).toEqual([]);
  });

  it("Apple's time-range follows RFC 4791 9.9: due in range, no dates at all (by CREATED), and a repeating task's later occurrence", async () => {
    // Milk is due on the 25th, Apple's reminder on the 24th; Someday has only CREATED (the 21st, before the end).
    expect(await namesOf(await reportOn(appleTimeRange('20261124T000000Z', '20261126T000000Z')))).toEqual(named('milk', 'apple', 'someday'));
    // The bins are due on Mondays from the 23rd: the 30th is in this range, nothing else is due in it.
    expect(await namesOf(await reportOn(appleTimeRange('20261130T000000Z', '20261201T000000Z')))).toEqual(named('bins', 'someday'));
    await expectDavError(await reportOn(appleTimeRange('yesterday', 'today')), 400, 'valid-filter');
  });

  it('text-match is case-insensitive by default and can be negated', async () => {
    expect(await namesOf(await reportOn(summaryMatch('MILK')))).toEqual(named('milk'));
    expect(await namesOf(await reportOn(summaryMatch('milk', true)))).toEqual(named('done', 'someday', 'bins', 'apple'));
  });

  it('calendar-multiget answers each href asked for, absolute or not, and 404 for one that is not there', async () => {
    const response = await reportOn(multiget(`${inbox}${names.milk}`, `${service.url}${inbox}${names.apple}`, `${inbox}gone.ics`, '/dav/calendars/someone/inbox/x.ics'));
    const found = await answered(response);
    expect(found.get(names.milk!)!.props.get(caldav('calendar-data'))).toContain('SUMMARY:Buy milk');
    expect(found.get(names.apple!)!.props.get(caldav('calendar-data'))).toContain('X-APPLE-SORT-ORDER:743424891');
    expect(found.get('gone.ics')!.status).toBe('HTTP/1.1 404 Not Found');
    expect(found.size).toBe(4);
  });

  it('refuses a report it does not offer (403 supported-report), and a report on the home', async () => {
    await expectDavError(await reportOn('<C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"/>'), 403, 'supported-report');
    await expectDavError(await reportOn(DAVX5_ALL_TASKS, `/dav/calendars/${user}/`), 403, 'supported-report');
  });
});
