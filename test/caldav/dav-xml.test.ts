import { describe, expect, it } from 'vitest';
import { davErrorBody, DavError } from '../../src/caldav/dav-errors.js';
import { readPropfind, readProppatch, readReport } from '../../src/caldav/dav-requests.js';
import { childElement, parseDavXml, type XmlElement } from '../../src/caldav/dav-xml.js';
import { caldav, dav } from '../../src/caldav/dav-namespaces.js';
import { encodeHref, writeMultistatus } from '../../src/caldav/multistatus.js';
import { writeXml, xmlNode } from '../../src/caldav/xml-writer.js';

/** The DavError a function throws (fails the test when it throws none or another kind). */
function davErrorOf(run: () => unknown): DavError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DavError);
    return error as DavError;
  }
  throw new Error('expected a DavError');
}

const names = (element: XmlElement | undefined) => element?.children.map((child) => child.name);

describe('parseDavXml resolves namespaces, whatever the prefixes', () => {
  const expected = [dav('displayname'), dav('resourcetype'), caldav('calendar-home-set'), '{http://apple.com/ns/ical/}calendar-color'];

  it.each([
    [
      'prefixes as Apple sends them (A:, B:)',
      `<?xml version="1.0" encoding="UTF-8"?>
<A:propfind xmlns:A="DAV:"><A:prop><A:displayname/><A:resourcetype/><B:calendar-home-set xmlns:B="urn:ietf:params:xml:ns:caldav"/><C:calendar-color xmlns:C="http://apple.com/ns/ical/"/></A:prop></A:propfind>`,
    ],
    [
      'a default namespace, as DAVx⁵ sends it',
      `<propfind xmlns="DAV:" xmlns:CAL="urn:ietf:params:xml:ns:caldav"><prop><displayname/><resourcetype/><CAL:calendar-home-set/><calendar-color xmlns="http://apple.com/ns/ical/"/></prop></propfind>`,
    ],
    [
      'd:/c: prefixes, one redeclared lower down',
      `<d:propfind xmlns:d="DAV:" xmlns:c="http://apple.com/ns/ical/"><d:prop><d:displayname/><d:resourcetype/><c:calendar-home-set xmlns:c="urn:ietf:params:xml:ns:caldav"/><c:calendar-color/></d:prop></d:propfind>`,
    ],
  ])('%s', (_name, body) => {
    const root = parseDavXml(Buffer.from(body))!;
    expect(root.name).toBe(dav('propfind'));
    expect(names(childElement(root, dav('prop')))).toEqual(expected);
  });

  it('decodes entities and character references in text and attributes, and keeps attribute namespaces', () => {
    const root = parseDavXml('<x:a xmlns:x="urn:x" x:kind="&#233;t&#xE9;" plain="1">Tom &amp; Jerry &lt;3 &#233; &#x1F600;</x:a>')!;
    expect(root.text).toBe('Tom & Jerry <3 é 😀');
    expect(root.attrs).toEqual({ '{urn:x}kind': 'été', '{}plain': '1' });
  });

  it('answers null for an empty body (PROPFIND without one means allprop)', () => {
    expect(parseDavXml(undefined)).toBeNull();
    expect(parseDavXml(Buffer.from('  \n'))).toBeNull();
    expect(readPropfind(null)).toEqual({ kind: 'allprop', include: [] });
  });

  it.each([
    ['malformed XML', '<d:propfind xmlns:d="DAV:"><d:prop></d:propfind>'],
    ['an undeclared prefix', '<d:propfind><d:prop/></d:propfind>'],
    ['a DOCTYPE (entity expansion)', '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><x>&a;&a;</x>'],
    ['two root elements', '<a xmlns="DAV:"/><b xmlns="DAV:"/>'],
    ['text that is not XML', 'PROPFIND me'],
  ])('refuses %s with 400', (_name, body) => {
    expect(davErrorOf(() => parseDavXml(body)).status).toBe(400);
  });

  it('refuses bytes that are not UTF-8 with 400', () => {
    expect(davErrorOf(() => parseDavXml(Buffer.from([0x3c, 0x61, 0xff, 0x2f, 0x3e]))).status).toBe(400);
  });
});

describe('request bodies', () => {
  it('PROPFIND: prop, propname, allprop with include; another root is a 400', () => {
    expect(readPropfind(parseDavXml('<propfind xmlns="DAV:"><prop><getetag/><getctag xmlns="http://calendarserver.org/ns/"/></prop></propfind>'))).toEqual({
      kind: 'prop',
      props: [dav('getetag'), '{http://calendarserver.org/ns/}getctag'],
    });
    expect(readPropfind(parseDavXml('<propfind xmlns="DAV:"><propname/></propfind>'))).toEqual({ kind: 'propname' });
    expect(readPropfind(parseDavXml('<propfind xmlns="DAV:"><allprop/><include><sync-token/></include></propfind>'))).toEqual({
      kind: 'allprop',
      include: [dav('sync-token')],
    });
    expect(davErrorOf(() => readPropfind(parseDavXml('<prop xmlns="DAV:"/>'))).status).toBe(400);
    expect(davErrorOf(() => readPropfind(parseDavXml('<propfind xmlns="DAV:"/>'))).status).toBe(400);
  });

  it('PROPPATCH: set and remove in document order, with the values', () => {
    const operations = readProppatch(
      parseDavXml(`<D:propertyupdate xmlns:D="DAV:" xmlns:I="http://apple.com/ns/ical/">
        <D:set><D:prop><D:displayname>Groceries</D:displayname><I:calendar-color>#FF0000FF</I:calendar-color></D:prop></D:set>
        <D:remove><D:prop><I:calendar-order/></D:prop></D:remove>
      </D:propertyupdate>`),
    );
    expect(operations.map(({ action, prop }) => [action, prop.name, prop.text])).toEqual([
      ['set', dav('displayname'), 'Groceries'],
      ['set', '{http://apple.com/ns/ical/}calendar-color', '#FF0000FF'],
      ['remove', '{http://apple.com/ns/ical/}calendar-order', ''],
    ]);
    expect(davErrorOf(() => readProppatch(parseDavXml('<propertyupdate xmlns="DAV:"/>'))).status).toBe(400);
  });

  it('REPORT: calendar-multiget, calendar-query, sync-collection; an unknown report is 403 supported-report', () => {
    const multiget = readReport(
      parseDavXml(`<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <D:prop><D:getetag/><C:calendar-data/></D:prop><D:href>/dav/calendars/ann/inbox/a.ics</D:href><D:href> /dav/calendars/ann/inbox/b%20c.ics </D:href>
      </C:calendar-multiget>`),
    );
    expect(multiget).toEqual({
      kind: 'calendar-multiget',
      select: { kind: 'prop', props: [dav('getetag'), caldav('calendar-data')] },
      hrefs: ['/dav/calendars/ann/inbox/a.ics', '/dav/calendars/ann/inbox/b%20c.ics'],
    });
    const query = readReport(
      parseDavXml(`<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`),
    );
    expect(query.kind).toBe('calendar-query');
    const vtodo = childElement(childElement(query.kind === 'calendar-query' ? query.filter : undefined, caldav('comp-filter')), caldav('comp-filter'));
    expect(vtodo?.attrs).toEqual({ '{}name': 'VTODO' });
    expect(names(childElement(vtodo, caldav('prop-filter')))).toEqual([caldav('is-not-defined')]);
    expect(
      readReport(parseDavXml('<sync-collection xmlns="DAV:"><sync-token>t-1</sync-token><sync-level>1</sync-level><limit><nresults>50</nresults></limit><prop><getetag/></prop></sync-collection>')),
    ).toEqual({ kind: 'sync-collection', select: { kind: 'prop', props: [dav('getetag')] }, syncToken: 't-1', level: '1', limit: 50 });
    const unknown = davErrorOf(() => readReport(parseDavXml('<free-busy-query xmlns="urn:ietf:params:xml:ns:caldav"/>')));
    expect([unknown.status, unknown.condition]).toEqual([403, dav('supported-report')]);
  });
});

describe('writing XML', () => {
  it('declares each namespace once on the root, escapes text, drops characters XML cannot carry', () => {
    const text = writeXml(
      xmlNode(dav('prop'), [
        xmlNode(dav('displayname'), 'Tom & Jerry <3 "x"\u0001'),
        xmlNode('{urn:vendor}thing', 'a'),
        xmlNode('{}bare'),
        xmlNode(caldav('calendar-description'), '\ud800lone'),
      ]),
    );
    expect(text).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n' +
        '<d:prop xmlns:d="DAV:" xmlns:ns0="urn:vendor" xmlns:cal="urn:ietf:params:xml:ns:caldav">' +
        '<d:displayname>Tom &amp; Jerry &lt;3 &quot;x&quot;</d:displayname><ns0:thing>a</ns0:thing><bare/>' +
        '<cal:calendar-description>\ufffdlone</cal:calendar-description></d:prop>',
    );
    // What is written reads back as the same names and text.
    const back = parseDavXml(text)!;
    expect(back.children.map((child) => [child.name, child.text])).toEqual([
      [dav('displayname'), 'Tom & Jerry <3 "x"'],
      ['{urn:vendor}thing', 'a'],
      ['{}bare', ''],
      [caldav('calendar-description'), '\ufffdlone'],
    ]);
  });

  it('a multistatus: hrefs encoded, one propstat per status, empty propstats left out, a sync token last', () => {
    const body = writeMultistatus(
      [
        {
          href: '/dav/calendars/ann smith/inbox/',
          propstats: [
            { status: 200, props: [xmlNode(dav('displayname'), 'Inbox'), xmlNode(dav('resourcetype'), [xmlNode(dav('collection')), xmlNode(caldav('calendar'))])] },
            { status: 404, props: [xmlNode('{urn:x}unknown')] },
            { status: 403, props: [] },
          ],
        },
        { href: '/dav/calendars/ann smith/inbox/gone.ics', status: 404 },
      ],
      'https://tickler/sync/5',
    );
    const root = parseDavXml(body)!;
    expect(root.name).toBe(dav('multistatus'));
    const [first, second, token] = root.children;
    expect(childElement(first, dav('href'))?.text).toBe('/dav/calendars/ann%20smith/inbox/');
    const propstats = first!.children.filter((child) => child.name === dav('propstat'));
    expect(propstats.map((p) => childElement(p, dav('status'))?.text)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 404 Not Found']);
    expect(names(childElement(propstats[0], dav('prop')))).toEqual([dav('displayname'), dav('resourcetype')]);
    expect(childElement(second, dav('status'))?.text).toBe('HTTP/1.1 404 Not Found');
    expect([token?.name, token?.text]).toEqual([dav('sync-token'), 'https://tickler/sync/5']);
  });

  it('hrefs keep slashes and encode everything else a path segment cannot hold', () => {
    expect(encodeHref("/dav/calendars/ann@example.org/inbox/a b+c'(1).ics")).toBe('/dav/calendars/ann%40example.org/inbox/a%20b%2Bc%27%281%29.ics');
  });

  it('an error body names the condition and carries the message', () => {
    const root = parseDavXml(davErrorBody('No & good', caldav('valid-calendar-data')))!;
    expect(root.name).toBe(dav('error'));
    expect(root.children.map((child) => [child.name, child.text])).toEqual([
      [caldav('valid-calendar-data'), ''],
      ['{urn:tickler:dav}message', 'No & good'],
    ]);
  });
});
