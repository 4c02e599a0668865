import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

describe.each(PROVIDERS)('POST /tasks on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  const post = (body: unknown, user = 'creator') => service.request(user, '/tasks', jsonRequest('POST', body));
  const countTasks = async (user = 'creator') =>
    (await (await service.request(user, '/tasks?status=all&limit=200')).json() as any).length as number;

  it('creates a pending low-priority task and answers 201 with the Task and its Location', async () => {
    const response = await post({ title: 'Call mom', description: 'about Sunday', dueAt: '2026-11-22T09:30:00Z' });
    expect(response.status).toBe(201);
    const task = await response.json() as any;
    expect(task).toEqual({
      id: expect.any(Number),
      title: 'Call mom',
      description: 'about Sunday',
      dueAt: '2026-11-22T09:30:00.000Z',
      priority: 'low',
      status: 'pending',
      remindBefore: null,
      reminders: [],
      recurrence: null,
      recurrenceText: null,
      listId: expect.any(Number),
      labels: [],
      assigneeId: null,
      createdBy: 'creator',
    });
    expect(Number.isInteger(task.id) && task.id > 0).toBe(true);
    expect(response.headers.get('location')).toBe(`/tasks/${task.id}`);
  });

  it('defaults description to "" and dueAt to null, and keeps a given priority', async () => {
    const task = await (await post({ title: 'No date', priority: 'high' })).json() as any;
    expect(task).toMatchObject({ description: '', dueAt: null, priority: 'high', status: 'pending' });
    const nullDue = await (await post({ title: 'Explicit null', dueAt: null, priority: 'medium' })).json() as any;
    expect(nullDue).toMatchObject({ dueAt: null, priority: 'medium' });
  });

  it('stores an offset date-time as the instant and returns it in UTC', async () => {
    const task = await (await post({ title: 'Offset', dueAt: '2026-11-22T10:30:00.5+01:00' })).json() as any;
    expect(task.dueAt).toBe('2026-11-22T09:30:00.500Z');
    const negative = await (await post({ title: 'Offset', dueAt: '2026-11-21T23:15:00-05:30' })).json() as any;
    expect(negative.dueAt).toBe('2026-11-22T04:45:00.000Z');
  });

  it('trims the title and ignores unknown fields', async () => {
    const task = await (await post({ title: '  Water plants \n', id: 999, status: 'completed', extra: { x: 1 } })).json() as any;
    expect(task.title).toBe('Water plants');
    expect(task.status).toBe('pending');
    expect(task.id).not.toBe(999);
  });

  it('stores and returns Unicode exactly as sent', async () => {
    const title = 'Café ☕ mit Jörg — 東京 👩🏽‍💻 e\u0301';
    const description = 'Zeile 1\nZeile 2\t«quoted» \u200b RTL: שלום';
    const created = await (await post({ title, description })).json() as any;
    expect(created.title).toBe(title);
    expect(created.description).toBe(description);
    const listed = (await (await service.request('creator', '/tasks?limit=200')).json() as any) as Array<{ id: number; title: string; description: string }>;
    const again = listed.find((task) => task.id === created.id);
    expect(again).toMatchObject({ title, description });
  });

  it('accepts titles of exactly 1 and 500 characters (after trimming) and refuses 501', async () => {
    expect((await post({ title: 'x' })).status).toBe(201);
    expect((await post({ title: `  ${'é'.repeat(500)}  ` })).status).toBe(201);
    expect((await post({ title: '😀'.repeat(500) })).status).toBe(201);
    await expectErrorResponse(await post({ title: 'a'.repeat(501) }), 400);
  });

  it('accepts a 10 000-character description and refuses a longer one', async () => {
    expect((await post({ title: 'long', description: 'd'.repeat(10_000) })).status).toBe(201);
    await expectErrorResponse(await post({ title: 'long', description: 'd'.repeat(10_001) }), 400);
  });

  const badBodies: Array<[string, unknown]> = [
    ['missing title', { description: 'x' }],
    ['empty title', { title: '' }],
    ['blank title', { title: '   \t\n' }],
    ['numeric title', { title: 42 }],
    ['null title', { title: null }],
    ['array title', { title: ['a'] }],
    ['numeric description', { title: 'a', description: 5 }],
    ['null description', { title: 'a', description: null }],
    ['unknown priority', { title: 'a', priority: 'p1' }],
    ['uppercase priority', { title: 'a', priority: 'LOW' }],
    ['impossible date', { title: 'a', dueAt: '2026-02-30T10:00:00Z' }],
    ['hour 24', { title: 'a', dueAt: '2026-11-22T24:00:00Z' }],
    ['date without zone', { title: 'a', dueAt: '2026-11-22T10:00:00' }],
    ['date only', { title: 'a', dueAt: '2026-11-22' }],
    ['not a date', { title: 'a', dueAt: 'tomorrow' }],
    ['numeric date', { title: 'a', dueAt: 1795253259778 }],
    ['offset out of range', { title: 'a', dueAt: '2026-11-22T10:00:00+24:00' }],
    ['NUL in title', { title: 'a\u0000b' }],
    ['lone surrogate', { title: 'a\ud800b' }],
    ['array body', [{ title: 'a' }]],
    ['string body', 'a title'],
    ['null body', null],
  ];

  it.each(badBodies)('refuses %s with 400 and creates nothing', async (_name, body) => {
    const before = await countTasks();
    await expectErrorResponse(await post(body), 400);
    expect(await countTasks()).toBe(before);
  });

  it('refuses malformed JSON and an empty body with 400', async () => {
    const headers = { 'content-type': 'application/json' };
    await expectErrorResponse(await service.request('creator', '/tasks', { method: 'POST', headers, body: '{"title": "a",' }), 400);
    await expectErrorResponse(await service.request('creator', '/tasks', { method: 'POST', headers, body: '' }), 400);
    await expectErrorResponse(
      await service.request('creator', '/tasks', { method: 'POST', headers, body: '{"__proto__": {"x": 1}, "title": "a"}' }),
      400,
    );
  });

  it('requires Content-Type application/json (415 otherwise)', async () => {
    const body = JSON.stringify({ title: 'a' });
    await expectErrorResponse(await service.request('creator', '/tasks', { method: 'POST', body, headers: { 'content-type': 'text/plain' } }), 415);
    await expectErrorResponse(
      await service.request('creator', '/tasks', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
    );
    await expectErrorResponse(await service.request('creator', '/tasks', { method: 'POST' }), 415);
    const withCharset = await service.request('creator', '/tasks', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.status).toBe(201);
  });

  it('refuses a body over 64 KiB with 413 and creates nothing', async () => {
    const before = await countTasks();
    const big = JSON.stringify({ title: 'big', description: 'x'.repeat(64 * 1024) });
    await expectErrorResponse(
      await service.request('creator', '/tasks', { method: 'POST', body: big, headers: { 'content-type': 'application/json' } }),
      413,
    );
    expect(await countTasks()).toBe(before);
  });

  it('accepts a body just under 64 KiB (description limit then decides)', async () => {
    const body = JSON.stringify({ title: 'fits', description: 'é'.repeat(9_000) });
    expect(Buffer.byteLength(body)).toBeLessThan(64 * 1024);
    const response = await service.request('creator', '/tasks', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(201);
  });
});
