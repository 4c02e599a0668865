import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, makeAppPassword, readMultistatus } from './support/dav-client.js';
import { APPLE_REMINDER } from './support/vtodo-samples.js';

const ETAG_PROPFIND = '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>';

describe.each(PROVIDERS)('one ETag per task however it is read (%s)', (provider) => {
  let service: TestService;
  const user = 'etta';
  let credentials: { userId: string; password: string };
  const inbox = `/dav/calendars/${user}/inbox/`;

  beforeAll(async () => {
    service = await startTestService(provider, { clock: createManualClock(new Date('2026-11-21T12:00:00Z')) });
    credentials = { userId: user, password: (await makeAppPassword(service, user)).password };
  });
  afterAll(async () => service?.close());

  it('a PROPFIND of the collection (one read of the whole list) gives each task the ETag its GET gives, every field set or not', async () => {
    const full = {
      title: 'Every field',
      description: 'all of them',
      dueAt: '2026-11-25T17:00:00Z',
      priority: 'high',
      labels: ['home', 'Garden'],
      reminders: [{ before: 10 }, { at: '2026-11-25T08:00:00Z' }],
      recurrence: 'FREQ=WEEKLY;BYDAY=WE',
      assigneeId: user,
    };
    const made = await (await service.request(user, '/tasks', jsonRequest('POST', full))).json();
    const done = await (await service.request(user, '/tasks', jsonRequest('POST', { title: 'Done' }))).json();
    expect((await service.request(user, `/tasks/${done.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await davRequest(service, credentials, `${inbox}apple.ics`, { method: 'PUT', headers: { 'content-type': 'text/calendar' }, body: APPLE_REMINDER })).status).toBe(201);
    await service.request(user, '/tasks', jsonRequest('POST', { title: 'Plain' }));

    const listed = await readMultistatus(await davRequest(service, credentials, inbox, { headers: { depth: '1' }, body: ETAG_PROPFIND }));
    const objects = [...listed.keys()].filter((href) => href !== inbox);
    expect(objects).toEqual(expect.arrayContaining([`${inbox}tickler-${made.id}.ics`, `${inbox}tickler-${done.id}.ics`, `${inbox}apple.ics`]));
    expect(objects).toHaveLength(4);
    for (const href of objects) {
      const got = await davRequest(service, credentials, href, { method: 'GET' });
      expect(got.status).toBe(200);
      expect(listed.get(href)!.found.get('{DAV:}getetag')!.text, href).toBe(got.headers.get('etag'));
    }
  });
});
