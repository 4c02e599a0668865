import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseProvider } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, expectDavError, makeAppPassword } from './support/dav-client.js';
import { readSync, syncBody } from './support/sync-report.js';
import { todo } from './support/vtodo-samples.js';

const CALENDAR = { 'content-type': 'text/calendar; charset=utf-8' };

/** Makes the database refuse to store an object under this name (the write of the name fails, whatever wrote it). */
async function refuseName(db: Db, provider: DatabaseProvider, name: string): Promise<() => Promise<void>> {
  if (provider === 'sqlite') {
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_name BEFORE INSERT ON caldav_objects WHEN NEW.name = '${name}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    return async () => void (await db.$executeRawUnsafe('DROP TRIGGER refuse_name'));
  }
  await db.$executeRawUnsafe(`CREATE FUNCTION refuse_name() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
  await db.$executeRawUnsafe(`CREATE TRIGGER refuse_name BEFORE INSERT ON caldav_objects FOR EACH ROW WHEN (NEW.name = '${name}') EXECUTE FUNCTION refuse_name()`);
  return async () => {
    await db.$executeRawUnsafe('DROP TRIGGER refuse_name ON caldav_objects');
    await db.$executeRawUnsafe('DROP FUNCTION refuse_name()');
  };
}

describe.each(PROVIDERS)('a task a client PUTs is never seen under the service’s own name (%s)', (provider) => {
  let service: TestService;
  let db: Db;
  const user = 'ines';
  let credentials: { userId: string; password: string };
  const inbox = `/dav/calendars/${user}/inbox/`;
  const sync = async (token: string) =>
    readSync(await davRequest(service, credentials, inbox, { method: 'REPORT', headers: { depth: '0', 'content-type': 'application/xml' }, body: syncBody(token) }));
  const put = (name: string, uid: string, summary: string) => davRequest(service, credentials, `${inbox}${name}`, { method: 'PUT', headers: CALENDAR, body: todo(uid, summary) });
  const tasksTitled = (title: string) => db.task.findMany({ where: { title }, include: { caldavObject: true } });

  beforeAll(async () => {
    service = await startTestService(provider);
    db = service.database.db;
    credentials = { userId: user, password: (await makeAppPassword(service, user)).password };
  });
  afterAll(async () => service?.close());

  it('a sync from the token before the PUT reports just the client’s name, no tickler-<id>.ics and no deletion of one; the change log never names it so', async () => {
    const before = await sync('');
    expect((await put('reminders-1.ics', 'reminders-1', 'Water the plants')).status).toBe(201);
    const [task] = await tasksTitled('Water the plants');
    const derived = `${inbox}tickler-${task!.id}.ics`;
    const after = await sync(before.token);
    expect(Object.keys(after.changed)).toEqual([`${inbox}reminders-1.ics`]);
    expect(after.gone).toEqual([]);
    expect(after.other).toEqual({});
    expect(Object.keys((await sync('')).changed)).not.toContain(derived);
    const changes = await db.caldavChange.findMany({ where: { taskId: task!.id } });
    expect(changes.map((change) => [change.deleted, change.name])).toEqual([[false, null]]);
  });

  it('when the name cannot be stored the task is not made either: no sync sees it, and the retry is reported once under the client’s name', async () => {
    const before = await sync('');
    const allow = await refuseName(db, provider, 'refused-1.ics');
    try {
      const refused = await put('refused-1.ics', 'refused-1', 'Half written?');
      expect(refused.status).toBe(500);
      expect(await tasksTitled('Half written?')).toEqual([]);
      expect(await sync(before.token)).toEqual({ token: before.token, changed: {}, gone: [], other: {} });
    } finally {
      await allow();
    }
    expect((await put('refused-1.ics', 'refused-1', 'Half written?')).status).toBe(201);
    const after = await sync(before.token);
    expect(Object.keys(after.changed)).toEqual([`${inbox}refused-1.ics`]);
    expect(after.gone).toEqual([]);
  });

  it('two PUTs of one new UID under two names at once: one task is made, the other PUT is a 409 no-uid-conflict', async () => {
    const answers = await Promise.all([put('twin-a.ics', 'twin', 'Twin'), put('twin-b.ics', 'twin', 'Twin')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    await expectDavError(answers.find((answer) => answer.status === 409)!, 409, 'no-uid-conflict');
    const tasks = await tasksTitled('Twin');
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.caldavObject?.uid).toBe('twin');
  });
});
