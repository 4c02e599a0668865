import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { graphqlData } from '../support/graphql-client.js';
import { makeSharedList } from '../support/lists.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { ExportAccountQuery, ImportAccountMutation } from '../graphql/documents.js';

describe.each(PROVIDERS)('lists, labels and priorities through export and import on %s', (provider) => {
  let service: TestService;
  let exported: any;

  const post = async (user: string, path: string, body: unknown) => {
    const response = await service.request(user, path, jsonRequest('POST', body));
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as any;
  };
  const importJson = (user: string, document: unknown, query = '') =>
    service.request(user, `/me/import${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(document) });
  const importCsv = (user: string, csv: string, query = '', headers: Record<string, string> = {}) =>
    service.request(user, `/me/import${query}`, { method: 'POST', headers: { 'content-type': 'text/csv', ...headers }, body: csv });
  /** The user's tasks as [title, list name, labels, priority, assignee], in id order. */
  const placed = async (user: string) =>
    (
      await service.database.db.task.findMany({
        where: { userId: user },
        orderBy: { id: 'asc' },
        include: { list: true, labels: { orderBy: { position: 'asc' } } },
      })
    ).map((t) => [t.title, t.list.inbox ? 'Inbox' : t.list.name, t.labels.map((l) => l.label), t.priority, t.assigneeId]);
  const ownLists = async (user: string) =>
    (await service.database.db.list.findMany({ where: { ownerId: user }, orderBy: { id: 'asc' }, include: { members: true } })).map((l) => [
      l.name,
      l.color,
      l.inbox,
      l.members.map((m) => `${m.userId}:${m.role}`),
    ]);

  beforeAll(async () => {
    service = await startTestService(provider);
    const team = await makeSharedList(service.database.db, 'teammate', 'Team', { exporter: 'editor' });
    const groceries = await post('exporter', '/lists', { name: 'Groceries', color: '#33AA55' });
    await post('exporter', '/tasks', { title: 'Call mom' });
    await post('exporter', '/tasks', { title: 'Buy milk', listId: groceries.id, labels: ['store', 'Dairy'], priority: 'urgent' });
    await post('exporter', '/tasks', { title: 'Ship release', listId: Number(team), assigneeId: 'teammate', priority: 'high' });
    exported = await (await service.request('exporter', '/me/export')).json();
  });
  afterAll(async () => service?.close());

  it('exports every list the caller is in with its members, and each task with its list, labels and priority', () => {
    const byName = Object.fromEntries(exported.lists.map((l: any) => [l.name, l]));
    expect(byName.Inbox).toMatchObject({ inbox: true, role: 'owner', ownerId: 'exporter', memberIds: ['exporter'] });
    expect(byName.Groceries).toMatchObject({ inbox: false, color: '#33aa55', role: 'owner', memberIds: ['exporter'] });
    expect(byName.Team).toMatchObject({ role: 'editor', ownerId: 'teammate', memberIds: ['exporter', 'teammate'] });
    const milk = exported.tasks.find((t: any) => t.title === 'Buy milk');
    expect(milk).toMatchObject({ listId: byName.Groceries.id, labels: ['store', 'Dairy'], priority: 'urgent', createdBy: 'exporter' });
    expect(exported.tasks.find((t: any) => t.title === 'Ship release')).toMatchObject({ listId: byName.Team.id, assigneeId: 'teammate' });
  });

  it('recreates the lists by name (the Inbox is the Inbox, a name the importer has is used), tasks in them, members not re-invited; a retry creates nothing', async () => {
    await post('importer', '/lists', { name: 'groceries' });
    const response = await importJson('importer', exported);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as any;
    expect(answer).toMatchObject({ created: 3, skipped: 0, dropped: { members: 1, assignees: 1 } });
    expect(answer.lists.created).toEqual(['Team']);
    expect([...answer.lists.existing].sort()).toEqual(['Inbox', 'groceries']);
    expect(await placed('importer')).toEqual([
      ['Call mom', 'Inbox', [], 'low', null],
      ['Buy milk', 'groceries', ['store', 'Dairy'], 'urgent', null],
      ['Ship release', 'Team', [], 'high', null],
    ]);
    expect(await ownLists('importer')).toEqual([
      ['Inbox', null, true, ['importer:owner']],
      ['groceries', null, false, ['importer:owner']],
      ['Team', null, false, ['importer:owner']],
    ]);

    const again = (await (await importJson('importer', exported)).json()) as any;
    expect(again).toMatchObject({ created: 0, skipped: 3, lists: { created: [] } });
    expect(await placed('importer')).toHaveLength(3);
    expect(await ownLists('importer')).toHaveLength(3);
  });

  it('keeps a list color, and a document from before lists puts every task in the Inbox', async () => {
    await importJson('colors', exported);
    expect((await ownLists('colors')).find(([name]) => name === 'Groceries')).toEqual(['Groceries', '#33aa55', false, ['colors:owner']]);
    const old = { format: 'tickler.export/1', tasks: [{ title: 'Old task', listId: 99, labels: ['x'] }] };
    const answer = (await (await importJson('old-doc', old)).json()) as any;
    expect(answer.lists).toEqual({ created: [], existing: ['Inbox'] });
    expect(await placed('old-doc')).toEqual([['Old task', 'Inbox', ['x'], 'low', null]]);
  });

  it('writes nothing at all when a list or a task of the document is invalid, and refuses `list` with a document', async () => {
    const badList = { ...exported, lists: [...exported.lists, { id: 777, name: '   ', inbox: false }] };
    await expectErrorResponse(await importJson('atomic', badList), 400);
    const badTask = { ...exported, tasks: [...exported.tasks, { title: 'x', labels: ['no#hash'] }] };
    await expectErrorResponse(await importJson('atomic', badTask), 400);
    await expectErrorResponse(await importJson('atomic', exported, '?list=Mine'), 400);
    expect(await placed('atomic')).toEqual([]);
    expect((await ownLists('atomic')).filter(([, , inbox]) => !inbox)).toEqual([]);
  });

  const CSV = [
    'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
    'task,Buy milk @store @Dairy,,4,1,,,,,',
    'task,Email bob@example.com @work,,3,1,,,,,',
    'task,Plain,,2,1,,,,,',
    'task,Someday,,1,1,,,,,',
    'task,@waiting @home,,,1,,,,,',
    '',
  ].join('\n');

  it('imports a Todoist CSV into one list: `list`, else the Content-Disposition file name, else "Todoist import"; labels out of CONTENT, priorities p1..p4', async () => {
    const named = (await (await importCsv('todoist-lists', CSV, '?list=Shopping')).json()) as any;
    expect(named).toMatchObject({ created: 5, lists: { created: ['Shopping'], existing: [] } });
    expect(await placed('todoist-lists')).toEqual([
      ['Buy milk', 'Shopping', ['store', 'Dairy'], 'urgent', null],
      ['Email bob@example.com', 'Shopping', ['work'], 'high', null],
      ['Plain', 'Shopping', [], 'medium', null],
      ['Someday', 'Shopping', [], 'low', null],
      ['@waiting @home', 'Shopping', ['waiting', 'home'], 'low', null],
    ]);
    // The same file again: its tasks are there already; its list is found, not made twice.
    expect(await (await importCsv('todoist-lists', CSV, '?list=shopping')).json()).toMatchObject({ created: 0, skipped: 5, lists: { created: [], existing: ['Shopping'] } });

    const fromFile = await importCsv('todoist-file', CSV, '', { 'content-disposition': 'attachment; filename="Home Chores.csv"' });
    expect(await fromFile.json()).toMatchObject({ created: 5, lists: { created: ['Home Chores'] } });
    expect(await (await importCsv('todoist-default', CSV)).json()).toMatchObject({ lists: { created: ['Todoist import'] } });
    // As the web app sends a file's name: RFC 5987, any characters.
    const encoded = await importCsv('todoist-encoded', CSV, '', { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('Einkäufe.csv')}` });
    expect(await encoded.json()).toMatchObject({ lists: { created: ['Einkäufe'] } });
  });

  it('refuses a `list` that is no list name with 400 and writes nothing', async () => {
    await expectErrorResponse(await importCsv('todoist-bad', CSV, `?list=${'x'.repeat(101)}`), 400);
    expect(await placed('todoist-bad')).toEqual([]);
  });

  it('GraphQL exportAccount carries the lists and importAccount recreates them, a Todoist CSV into `list`', async () => {
    const document = (await graphqlData(service, 'exporter', ExportAccountQuery, {})).exportAccount as any;
    expect(document.lists.map((l: any) => l.memberIds.length).sort()).toEqual([1, 1, 2]);
    const answer = (await graphqlData(service, 'gql-importer', ImportAccountMutation, { input: { document } })).importAccount!;
    expect(answer).toMatchObject({ created: 3, lists: { created: expect.arrayContaining(['Groceries', 'Team']) }, dropped: { members: 1, assignees: 1 } });
    expect((await placed('gql-importer')).map(([title, list]) => [title, list])).toEqual([
      ['Call mom', 'Inbox'],
      ['Buy milk', 'Groceries'],
      ['Ship release', 'Team'],
    ]);
    await post('gql-csv', '/lists', { name: 'groceries' });
    const csv = (await graphqlData(service, 'gql-csv', ImportAccountMutation, { input: { todoistCsv: CSV, list: 'Groceries' } })).importAccount!;
    expect(csv).toMatchObject({ created: 5, lists: { created: [], existing: ['groceries'] } });
    expect((await placed('gql-csv')).filter(([, list]) => list === 'groceries')).toHaveLength(5);
  });
});
