import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, makeAppPassword, readMultistatus } from './support/dav-client.js';
import { readSync, syncBody } from './support/sync-report.js';

const TASKS = 1200;

/** More tasks than SQLite takes bind parameters in one statement (999): reads of them go in slices. */
describe.each(PROVIDERS)('a collection of 1 200 tasks (%s)', (provider) => {
  let service: TestService;
  const user = 'lena';
  let credentials: { userId: string; password: string };
  let firstToken: string;
  const inbox = `/dav/calendars/${user}/inbox/`;

  beforeAll(async () => {
    service = await startTestService(provider);
    credentials = { userId: user, password: (await makeAppPassword(service, user)).password };
    const inboxId = (await (await service.request(user, '/tasks', jsonRequest('POST', { title: 'first' }))).json()).listId as number;
    const report = (body: string) => davRequest(service, credentials, inbox, { method: 'REPORT', headers: { depth: '0', 'content-type': 'application/xml' }, body });
    firstToken = (await readSync(await report(syncBody('')))).token;
    const now = new Date();
    await service.database.db.task.createMany({
      data: Array.from({ length: TASKS - 1 }, (_, i) => ({ userId: user, listId: BigInt(inboxId), title: `task ${i}`, createdAt: now, updatedAt: now })),
    });
  });
  afterAll(async () => service?.close());

  it('PROPFIND Depth 1 answers every task; sync-collection from an old token answers every change; a multiget of all of them answers each', async () => {
    const listing = await readMultistatus(await davRequest(service, credentials, inbox, { headers: { depth: '1' }, body: '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>' }));
    const hrefs = [...listing.keys()].filter((href) => href.endsWith('.ics'));
    expect(hrefs).toHaveLength(TASKS);
    const report = (body: string) => davRequest(service, credentials, inbox, { method: 'REPORT', headers: { depth: '1', 'content-type': 'application/xml' }, body });
    expect(Object.keys((await readSync(await report(syncBody(firstToken)))).changed)).toHaveLength(TASKS - 1);
    const multiget = `<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/></D:prop>${hrefs.map((h) => `<D:href>${h}</D:href>`).join('')}</C:calendar-multiget>`;
    const answered = await readMultistatus(await report(multiget));
    expect([...answered.values()].filter((entry) => entry.found.has('{DAV:}getetag'))).toHaveLength(TASKS);
  });
});
