import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQuickAddMarks } from '../../src/capture/read-quick-add-marks.js';
import { graphqlData } from '../support/graphql-client.js';
import { makeSharedList } from '../support/lists.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { CaptureMarksMutation, CreateTaskMutation } from '../graphql/documents.js';

// Saturday 2026-11-21, 12:00 in New York.
const NOW = new Date('2026-11-21T17:00:00Z');
const NEW_YORK = 'America/New_York';

describe("reading Todoist's quick-add marks", () => {
  const lists = [
    { id: 7, name: 'Groceries' },
    { id: 8, name: 'Home' },
    { id: 9, name: 'Home Improvement' },
  ];

  it('takes the marks out of the note and reads list, labels and priority', () => {
    expect(readQuickAddMarks('buy milk tomorrow #Groceries @store p2', lists)).toEqual({
      text: 'buy milk tomorrow',
      listId: 7,
      labels: ['store'],
      priority: 'high',
    });
  });

  it('matches a list name in any letter case, a multi-word name whole, the longest name first', () => {
    expect(readQuickAddMarks('#groceries eggs', lists)).toMatchObject({ text: 'eggs', listId: 7 });
    expect(readQuickAddMarks('fix the door #Home Improvement, saturday', lists)).toMatchObject({ text: 'fix the door , saturday', listId: 9 });
    expect(readQuickAddMarks('water plants #home', lists)).toMatchObject({ text: 'water plants', listId: 8 });
  });

  it('reads a long note full of marks quickly, and a list name in another letter case keeps the offsets of the note', () => {
    const started = performance.now();
    const read = readQuickAddMarks('#x @y p1 '.repeat(440), lists);
    expect(performance.now() - started).toBeLessThan(500);
    expect(read).toMatchObject({ labels: ['y'], priority: 'urgent' });
    expect(readQuickAddMarks('go #İstanbul now', [{ id: 3, name: 'İstanbul' }])).toMatchObject({ text: 'go now', listId: 3 });
  });

  it('keeps a #Word that names no list as a word of the note, and leaves #123 as written', () => {
    expect(readQuickAddMarks('plan #holiday trip', lists)).toEqual({ text: 'plan holiday trip', listId: null, labels: [], priority: null });
    expect(readQuickAddMarks('Fix bug #123 in the login form', lists)).toEqual({
      text: 'Fix bug #123 in the login form',
      listId: null,
      labels: [],
      priority: null,
    });
  });

  it('maps p1…p4 and !urgent…!low, the last mark winning; a priority word inside another word is no mark', () => {
    expect(readQuickAddMarks('call p1', []).priority).toBe('urgent');
    expect(readQuickAddMarks('call P3', []).priority).toBe('medium');
    expect(readQuickAddMarks('call p4', []).priority).toBe('low');
    expect(readQuickAddMarks('call !urgent', []).priority).toBe('urgent');
    expect(readQuickAddMarks('call !Medium today', []).priority).toBe('medium');
    expect(readQuickAddMarks('call p1 !low', []).priority).toBe('low');
    expect(readQuickAddMarks('buy mp3 player p5 !soon', [])).toEqual({ text: 'buy mp3 player p5 !soon', listId: null, labels: [], priority: null });
  });

  it('reads labels once each regardless of letter case, and leaves e-mail addresses and "@ 3pm" alone', () => {
    expect(readQuickAddMarks('@errands buy stamps @Post-Office @ERRANDS', [])).toMatchObject({
      text: 'buy stamps',
      labels: ['errands', 'Post-Office'],
    });
    expect(readQuickAddMarks('mail bob@example.com about the dentist fri @ 3pm', []).text).toBe('mail bob@example.com about the dentist fri @ 3pm');
    expect(readQuickAddMarks('meet @3pm', []).labels).toEqual([]);
    expect(readQuickAddMarks(`x @${'a'.repeat(41)}`, []).labels).toEqual([]);
  });
});

describe.each(PROVIDERS)('capture with quick-add marks on %s', (provider) => {
  let service: TestService;
  let groceries: bigint;
  beforeAll(async () => {
    service = await startTestService(provider, { clock: { now: () => NOW } });
    groceries = await makeSharedList(service.database.db, 'marker', 'Groceries');
    await makeSharedList(service.database.db, 'friend', 'Garden', { marker: 'viewer' });
    await makeSharedList(service.database.db, 'friend', 'Groceries', { marker: 'editor' });
  });
  afterAll(async () => service?.close());

  const capture = (text: string, query = '', user = 'marker') =>
    service.request(user, `/capture${query}`, jsonRequest('POST', { text, timeZone: NEW_YORK }));

  it('REST drafts "buy milk tomorrow #Groceries @store p2" into the caller\'s own Groceries, labelled, high, due tomorrow', async () => {
    const response = await capture('buy milk tomorrow #Groceries @store p2');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      title: 'Buy milk',
      date: '2026-11-22',
      listId: Number(groceries),
      labels: ['store'],
      priority: 'high',
    });
  });

  it('REST keeps #Word as a title word when the caller has no list of that name, or may only view it', async () => {
    expect(await (await capture('plan #holiday trip')).json()).toMatchObject({ title: 'Plan holiday trip', listId: null, labels: [], priority: 'low' });
    expect(await (await capture('mow the lawn #garden')).json()).toMatchObject({ title: 'Mow the lawn garden', listId: null });
  });

  it('REST ?create=true stores the task in the list with its labels and priority', async () => {
    const response = await capture('buy eggs friday 9am #groceries @Store @bio !urgent', '?create=true');
    expect(response.status).toBe(201);
    const task = (await response.json()) as any;
    expect(task).toMatchObject({
      title: 'Buy eggs',
      dueAt: '2026-11-27T14:00:00.000Z',
      listId: Number(groceries),
      labels: ['Store', 'bio'],
      priority: 'urgent',
      createdBy: 'marker',
    });
    const listed = (await (await service.request('marker', `/tasks?list=${groceries}&label=bio`)).json()) as any[];
    expect(listed.map((t) => t.id)).toEqual([task.id]);
  });

  it('REST ?create=true without marks stores into the Inbox, low, unlabelled', async () => {
    const task = (await (await capture('water plants', '?create=true', 'plain')).json()) as any;
    const inbox = await service.database.db.list.findFirstOrThrow({ where: { ownerId: 'plain', inbox: true } });
    expect(task).toMatchObject({ title: 'Water plants', listId: Number(inbox.id), labels: [], priority: 'low' });
  });

  it('GraphQL captureTask carries listId, list, labels and priority, and createTask takes them as they are', async () => {
    const draft = (
      await graphqlData(service, 'marker', CaptureMarksMutation, { input: { text: 'buy milk tomorrow #Groceries @store p2', timeZone: NEW_YORK } })
    ).captureTask!;
    expect(draft).toEqual({
      title: 'Buy milk',
      dueAt: '2026-11-22T14:00:00.000Z',
      listId: String(groceries),
      list: { id: String(groceries), name: 'Groceries' },
      labels: ['store'],
      priority: 'HIGH',
    });
    const { title, dueAt, listId, labels, priority } = draft;
    const task = (await graphqlData(service, 'marker', CreateTaskMutation, { input: { title, dueAt, listId, labels, priority } })).createTask!;
    const stored = await service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(task.id) }, include: { labels: true } });
    expect(stored).toMatchObject({ title: 'Buy milk', listId: groceries, priority: 'high' });
    expect(stored.labels.map((l) => l.label)).toEqual(['store']);
  });

  it('GraphQL drafts a note without marks into no list, no labels, LOW', async () => {
    const draft = (await graphqlData(service, 'marker', CaptureMarksMutation, { input: { text: 'call mom', timeZone: NEW_YORK } })).captureTask!;
    expect(draft).toMatchObject({ title: 'Call mom', listId: null, list: null, labels: [], priority: 'LOW' });
  });
});
