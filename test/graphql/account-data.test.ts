import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, graphqlRequest, graphqlUpload, type GraphqlResponse } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { ExportAccountQuery, ImportAccountMutation } from './documents.js';
import { inboxOf } from '../support/inbox.js';

const TODOIST_CSV = [
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
  'section,Errands,,,,,,,,',
  'task,"Buy milk, eggs",From the corner shop,4,1,Ann (1),,2026-12-01,en,Europe/Berlin',
  'note,Semi-skimmed,,,,,,,,',
  'task,Dentist,,3,2,Ann (1),,2026-12-03 14:30,en,Mars/Base',
  '',
].join('\r\n');

function expectFieldError(response: GraphqlResponse<Record<string, unknown>>, field: string, code: string, reason?: string) {
  expect(response.status).toBe(200);
  expect(response.body.data?.[field]).toBeNull();
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors?.[0]?.path).toEqual([field]);
  expect(response.body.errors?.[0]?.extensions?.code).toBe(code);
  if (reason) expect(response.body.errors?.[0]?.extensions?.reason).toBe(reason);
  return response.body.errors![0]!.message;
}

describe.each(PROVIDERS)('GraphQL exportAccount and importAccount on %s', (provider) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(provider, {
      env: { WEBHOOK_ALLOW_INSECURE: 'true', PUSH_CONTACT: 'mailto:ops@tickler.example' },
      // push.example.com resolves to a public address (the policy is checked, not relaxed).
      resolveHost: async () => [{ address: '93.184.215.14', family: 4 }],
    });
  });
  afterAll(async () => service?.close());

  const rest = async (user: string, path: string, body?: unknown) =>
    service.request(user, path, body === undefined ? {} : jsonRequest('POST', body));
  const exportOf = async (user: string) => (await graphqlData(service, user, ExportAccountQuery)).exportAccount as any;
  const importAs = async (user: string, input: Record<string, unknown>) =>
    graphqlRequest(service, user, ImportAccountMutation, { input: input as never });
  const tasksOf = async (user: string) =>
    (await service.database.db.task.findMany({ where: { userId: user }, orderBy: { id: 'asc' } })).map((t) => [
      t.title,
      t.description,
      t.dueAt?.toISOString() ?? null,
      t.priority,
      t.recurrence,
      t.status,
      t.remindBefore,
    ]);

  it('exports the same document as GET /me/export, without webhook secrets or push keys', async () => {
    const user = 'gql-exporter';
    await rest(user, '/tasks', { title: 'Bins', dueAt: '2027-01-04T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO', remindBefore: 10 });
    await rest(user, '/tasks', { title: 'Café "quoted"', description: 'line\nbreak' });
    const hook = (await (await rest(user, '/webhooks', { url: 'http://127.0.0.1:9/hook' })).json()) as { secret: string };
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    expect((await rest(user, '/push/subscriptions', { endpoint: 'https://push.example.com/send/p', keys, deviceName: 'Pixel' })).status).toBe(201);

    const viaGraphql = await exportOf(user);
    const viaRest = (await (await rest(user, '/me/export')).json()) as any;
    expect(viaGraphql.format).toBe('tickler.export/1');
    expect(viaGraphql.tasks).toHaveLength(2);
    expect({ ...viaGraphql, exportedAt: null }).toEqual({ ...viaRest, exportedAt: null });
    const text = JSON.stringify(viaGraphql);
    for (const secret of [hook.secret, keys.p256dh, keys.auth]) expect(text).not.toContain(secret);
    expect(viaGraphql.pushSubscriptions).toMatchObject([{ endpoint: 'https://push.example.com/send/p', deviceName: 'Pixel' }]);
  });

  it("imports an export document into another account, once; REST and GraphQL imports count each other's", async () => {
    await rest('gql-source', '/tasks', { title: 'Bins', dueAt: '2027-01-04T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO', remindBefore: 10, priority: 'high' });
    await rest('gql-source', '/tasks', { title: 'Plain', description: 'with text' });
    const document = await exportOf('gql-source');

    const first = await importAs('gql-target', { document });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data?.importAccount).toMatchObject({ created: 2, skipped: 0 });
    expect(await tasksOf('gql-target')).toEqual([
      ['Bins', '', '2027-01-04T07:00:00.000Z', 'high', 'FREQ=WEEKLY;BYDAY=MO', 'pending', 10],
      ['Plain', 'with text', null, 'low', null, 'pending', null],
    ]);
    expect((await importAs('gql-target', { document })).body.data?.importAccount).toMatchObject({ created: 0, skipped: 2 });
    const viaRest = await service.request('gql-target', '/me/import', jsonRequest('POST', document));
    expect(await viaRest.json()).toMatchObject({ created: 0, skipped: 2 });
    expect(await tasksOf('gql-target')).toHaveLength(2);
  });

  it('imports a Todoist CSV given inline, once, answering what it converted, dropped and could not read as REST does', async () => {
    const first = await importAs('gql-todoist', { todoistCsv: TODOIST_CSV });
    const expected = {
      created: 2,
      skipped: 0,
      timeZone: { document: null, account: 'UTC', applied: false },
      lists: { created: ['Todoist import'], existing: [] as string[] },
      converted: { notes: 1, sections: 1, datePhrases: 0 },
      dropped: {
        notes: 0,
        sections: 0,
        dates: 0,
        duration: 0,
        deadline: 0,
        responsible: 0,
        author: 2,
        indent: 1,
        completions: 0,
        members: 0,
        assignees: 0,
        webhookEndpoints: 0,
        pushSubscriptions: 0,
        calendarFeed: 0,
      },
      rows: [{ row: 5, problem: "TIMEZONE \"Mars/Base\" is not an IANA time zone; its DATE was read in the account's zone, UTC" }],
      rowsNotListed: 0,
    };
    expect(first.body).toEqual({ data: { importAccount: expected } });
    expect((await tasksOf('gql-todoist')).map((t) => t.slice(0, 4))).toEqual([
      ['Buy milk, eggs', 'Todoist section: Errands\n\nFrom the corner shop\n\nTodoist note: Semi-skimmed', '2026-12-01T08:00:00.000Z', 'urgent'],
      ['Dentist', 'Todoist section: Errands', '2026-12-03T14:30:00.000Z', 'high'],
    ]);
    const again = { ...expected, created: 0, skipped: 2, lists: { created: [], existing: ['Todoist import'] } };
    expect((await importAs('gql-todoist', { todoistCsv: TODOIST_CSV })).body.data?.importAccount).toEqual(again);
    const viaRest = await service.request('gql-todoist', '/me/import', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: TODOIST_CSV });
    expect(await viaRest.json()).toEqual(again);
  });

  it("applies an export's time zone as the timeZone argument says, and answers it", async () => {
    await service.database.db.user.create({ data: { id: 'gql-zone-source', timeZone: 'Europe/Berlin' } });
    await rest('gql-zone-source', '/tasks', { title: 'Bins', dueAt: '2027-01-04T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    const document = await exportOf('gql-zone-source');
    const kept = await importAs('gql-zone-kept', { document, timeZone: 'KEEP' });
    expect(kept.body.data?.importAccount).toMatchObject({ created: 1, timeZone: { document: 'Europe/Berlin', account: 'UTC', applied: false } });
    const applied = await importAs('gql-zone-kept', { document });
    expect(applied.body.data?.importAccount).toMatchObject({ created: 0, timeZone: { document: 'Europe/Berlin', account: 'Europe/Berlin', applied: true } });
    const zone = await graphqlRequest(service, 'gql-zone-kept', '{ me { timeZone } }');
    expect(zone.body).toEqual({ data: { me: { timeZone: 'Europe/Berlin' } } });
    expectFieldError(await importAs('gql-zone-bad', { document: { ...document, user: { timeZone: 'Nowhere/Else' } } }), 'importAccount', 'BAD_USER_INPUT');
  });

  it('imports an upload larger than a request body (JSON or CSV), and refuses other file types', async () => {
    const tasks = Array.from({ length: 300 }, (_, i) => ({ title: `Task ${i}`, description: 'x'.repeat(500), status: 'pending' }));
    const big = Buffer.from(JSON.stringify({ format: 'tickler.export/1', tasks }));
    expect(big.length).toBeGreaterThan(64 * 1024);
    // The same document inline is over the 64 KiB body limit.
    const inline = await importAs('gql-upload', { document: JSON.parse(big.toString()) });
    expect(inline.status).toBe(413);

    const upload = (user: string, bytes: Buffer, type: string, filename: string) =>
      graphqlUpload(service, user, ImportAccountMutation, { input: { file: null } }, { 'variables.input.file': { bytes, type, filename } });
    const uploaded = await upload('gql-upload', big, 'application/json', 'tickler-export.json');
    expect(uploaded.body.data?.importAccount).toMatchObject({ created: 300, skipped: 0 });
    expect(await service.database.db.task.count({ where: { userId: 'gql-upload' } })).toBe(300);
    expect((await upload('gql-upload', big, '', 'tickler-export.json')).body.data?.importAccount).toMatchObject({ created: 0, skipped: 300 });

    const csv = await upload('gql-upload-csv', Buffer.from(TODOIST_CSV), 'text/csv', 'todoist.csv');
    // A file's tasks go into a list named after the file.
    expect(csv.body.data?.importAccount).toMatchObject({ created: 2, skipped: 0, converted: { notes: 1 }, lists: { created: ['todoist'], existing: [] } });
    expectFieldError(await upload('gql-upload-csv', Buffer.from('x'), 'image/png', 'x.png'), 'importAccount', 'UNSUPPORTED_MEDIA_TYPE');
    expectFieldError(await upload('gql-upload-csv', Buffer.from('{"format":'), 'application/json', 'x.json'), 'importAccount', 'BAD_USER_INPUT');
    expectFieldError(await upload('gql-upload-csv', Buffer.from([0xff, 0xfe]), 'text/csv', 'x.csv'), 'importAccount', 'BAD_USER_INPUT');
  });

  it('refuses what it cannot import with BAD_USER_INPUT and creates nothing', async () => {
    const user = 'gql-refused';
    expectFieldError(await importAs(user, {}), 'importAccount', 'BAD_USER_INPUT');
    expectFieldError(await importAs(user, { document: { format: 'tickler.export/1', tasks: [] }, todoistCsv: TODOIST_CSV }), 'importAccount', 'BAD_USER_INPUT');
    expectFieldError(await importAs(user, { document: { format: 'other', tasks: [] } }), 'importAccount', 'BAD_USER_INPUT', 'request/invalid');
    expectFieldError(await importAs(user, { document: 'not an object' }), 'importAccount', 'BAD_USER_INPUT');
    const oneBad = { format: 'tickler.export/1', tasks: [{ title: 'fine' }, { title: '   ' }] };
    expect(expectFieldError(await importAs(user, { document: oneBad }), 'importAccount', 'BAD_USER_INPUT')).toMatch(/^Task 2 of the import/);
    expectFieldError(await importAs(user, { todoistCsv: 'NAME,TEXT\r\nx,y\r\n' }), 'importAccount', 'BAD_USER_INPUT');
    expect(await tasksOf(user)).toEqual([]);
    // A document written inline in the operation is read as JSON too.
    const inline = await graphqlRequest(
      service,
      user,
      'mutation { importAccount(input: {document: {format: "tickler.export/1", tasks: [{title: "Inline", priority: "high"}]}}) { created skipped } }',
    );
    expect(inline.body).toEqual({ data: { importAccount: { created: 1, skipped: 0 } } });
    expect((await graphqlRequest(service, null, ExportAccountQuery)).status).toBe(401);
  });

  it('refuses an export over 10 MiB and points to GET /me/export, which streams it', async () => {
    const user = 'gql-huge';
    await service.database.db.user.create({ data: { id: user } });
    const listId = await inboxOf(service.database.db, user);
    const description = 'y'.repeat(10_000);
    for (let batch = 0; batch < 11; batch += 1) {
      await service.database.db.task.createMany({
        data: Array.from({ length: 100 }, (_, i) => ({ userId: user, listId, title: `t${batch}-${i}`, description, updatedAt: new Date() })),
      });
    }
    const response = await graphqlRequest(service, user, ExportAccountQuery);
    const message = expectFieldError(response as GraphqlResponse<Record<string, unknown>>, 'exportAccount', 'PAYLOAD_TOO_LARGE', 'account/export_too_large');
    expect(message).toContain('GET /me/export');
    const streamed = (await (await service.request(user, '/me/export')).json()) as any;
    expect(streamed.tasks).toHaveLength(1_100);
  });
});
