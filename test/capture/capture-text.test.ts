import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

// Saturday 2026-11-21, 12:00 in New York, 18:00 in Berlin.
const NOW = new Date('2026-11-21T17:00:00Z');

describe.each(PROVIDERS)('POST /capture with text, offline parser, on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider, { clock: { now: () => NOW }, env: { CAPTURE_DEFAULT_TIME: '07:30' } });
  });
  afterAll(async () => service?.close());

  const capture = (body: unknown, user = 'capturer', query = '') =>
    service.request(user, `/capture${query}`, jsonRequest('POST', body));
  const storedTasks = (user = 'capturer') =>
    service.database.db.task.findMany({ where: { userId: user }, orderBy: { id: 'asc' } });

  it('answers 200 with the draft in the documented shape and stores nothing', async () => {
    const response = await capture({ text: 'remind me to call mom tomorrow at 5pm', timeZone: 'America/New_York' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      title: 'Call mom',
      description: '',
      date: '2026-11-22',
      time: '17:00',
      dueAt: '2026-11-22T22:00:00.000Z',
      recurrence: null,
      recurrenceText: null,
      remindBefore: null,
      reminders: [],
      source: 'local',
      language: 'en',
      confidence: expect.any(Number),
      listId: null,
      labels: [],
      priority: 'low',
    });
    expect(await storedTasks()).toEqual([]);
  });

  it('gives a date-only phrase CAPTURE_DEFAULT_TIME in dueAt and time null', async () => {
    const draft = (await (await capture({ text: 'pay rent on the 1st', timeZone: 'America/New_York' })).json()) as any;
    expect(draft).toMatchObject({ title: 'Pay rent', date: '2026-12-01', time: null, dueAt: '2026-12-01T12:30:00.000Z' });
  });

  it('reads a repeating phrase into a rule, and ?create=true stores the repeating task', async () => {
    const body = { text: 'every Monday at 9am take the bins out', timeZone: 'America/New_York' };
    expect(await (await capture(body)).json()).toMatchObject({
      title: 'Take the bins out',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      recurrenceText: 'every week on Monday at 9:00',
      dueAt: '2026-11-23T14:00:00.000Z',
      description: '',
    });
    const created = await capture(body, 'capturer', '?create=true');
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ title: 'Take the bins out', recurrence: 'FREQ=WEEKLY;BYDAY=MO', dueAt: '2026-11-23T14:00:00.000Z' });
  });

  it('suggests remindBefore when the text asks for it', async () => {
    const draft = (await (await capture({ text: 'dentist on friday 9:30, remind me 30 minutes before', timeZone: 'America/New_York' })).json()) as any;
    expect(draft).toMatchObject({ title: 'Dentist', date: '2026-11-27', time: '09:30', remindBefore: 30 });
  });

  it("reads the text in the user's stored time zone when none is given, and in UTC for a user without one", async () => {
    await capture({ text: 'warm up' }, 'berliner');
    await service.database.db.user.update({ where: { id: 'berliner' }, data: { timeZone: 'Europe/Berlin' } });
    const berlin = (await (await capture({ text: 'standup at 9am' }, 'berliner')).json()) as any;
    expect(berlin).toMatchObject({ date: '2026-11-22', time: '09:00', dueAt: '2026-11-22T08:00:00.000Z' });

    const utc = (await (await capture({ text: 'standup at 9am' }, 'newcomer')).json()) as any;
    expect(utc).toMatchObject({ date: '2026-11-22', time: '09:00', dueAt: '2026-11-22T09:00:00.000Z' });
  });

  it("prefers the timeZone field over the user's stored zone, and accepts any letter case", async () => {
    const draft = (await (await capture({ text: 'standup at 9am', timeZone: 'asia/tokyo' }, 'berliner')).json()) as any;
    // 02:00 in Tokyo on Sunday: 9am is still ahead today.
    expect(draft).toMatchObject({ date: '2026-11-22', time: '09:00', dueAt: '2026-11-22T00:00:00.000Z' });
  });

  it('with ?create=true stores the task as drafted and answers 201 with the Task and its Location', async () => {
    const before = (await storedTasks('creator')).length;
    const response = await capture(
      { text: 'call mom tomorrow at 5pm, remind me 10 minutes before', timeZone: 'America/New_York' },
      'creator',
      '?create=true',
    );
    expect(response.status).toBe(201);
    const task = (await response.json()) as any;
    expect(task).toMatchObject({
      id: expect.any(Number),
      title: 'Call mom',
      description: '',
      dueAt: '2026-11-22T22:00:00.000Z',
      priority: 'low',
      status: 'pending',
      remindBefore: 10,
    });
    expect(response.headers.get('location')).toBe(`/tasks/${task.id}`);
    const reminder = await service.database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } } });
    expect(reminder.fireAt.toISOString()).toBe('2026-11-22T21:50:00.000Z');

    const stored = await storedTasks('creator');
    expect(stored).toHaveLength(before + 1);
    expect(stored.at(-1)).toMatchObject({ title: 'Call mom', status: 'pending', dueAt: new Date('2026-11-22T22:00:00.000Z') });
    const listed = (await (await service.request('creator', '/tasks')).json()) as any[];
    expect(listed.map((t) => t.id)).toContain(task.id);
  });

  it('with ?create=false only drafts; a create value other than true/false is a 400', async () => {
    const before = (await storedTasks('creator')).length;
    expect((await capture({ text: 'buy milk' }, 'creator', '?create=false')).status).toBe(200);
    await expectErrorResponse(await capture({ text: 'buy milk' }, 'creator', '?create=maybe'), 400);
    expect(await storedTasks('creator')).toHaveLength(before);
  });

  it('with ?create=true refuses a draft without a title (400) and stores nothing', async () => {
    const before = (await storedTasks('creator')).length;
    await expectErrorResponse(await capture({ text: 'tomorrow at 5pm' }, 'creator', '?create=true'), 400);
    expect(await storedTasks('creator')).toHaveLength(before);
  });

  it('accepts 4 000 characters of text and refuses 4 001 with 413', async () => {
    const text = `buy milk ${'x'.repeat(3_991)}`;
    expect([...text]).toHaveLength(4_000);
    expect((await capture({ text })).status).toBe(200);
    expect((await capture({ text: '😀'.repeat(4_000) })).status).toBe(200);
    await expectErrorResponse(await capture({ text: `${text}x` }), 413);
    await expectErrorResponse(await capture({ text: '😀'.repeat(4_001) }), 413);
  });

  it('refuses a JSON body beyond its limit with 413 before parsing it', async () => {
    await expectErrorResponse(await capture({ text: 'x'.repeat(70_000) }), 413);
  });

  it.each<[string, unknown]>([
    ['empty text', { text: '' }],
    ['blank text', { text: ' \n\t ' }],
    ['no input', {}],
    ['only a time zone', { timeZone: 'Europe/Berlin' }],
    ['numeric text', { text: 42 }],
    ['null text', { text: null }],
    ['NUL in text', { text: 'buy\u0000milk' }],
    ['lone surrogate', { text: 'buy \ud800 milk' }],
    ['unknown time zone', { text: 'buy milk', timeZone: 'Mars/Olympus_Mons' }],
    ['offset instead of a zone', { text: 'buy milk', timeZone: '+02:00' }],
    ['empty time zone', { text: 'buy milk', timeZone: '' }],
    ['zone with spaces', { text: 'buy milk', timeZone: 'Central European Time' }],
    ['numeric time zone', { text: 'buy milk', timeZone: 1 }],
    ['array body', [{ text: 'buy milk' }]],
    ['string body', 'buy milk'],
  ])('refuses %s with 400', async (_name, body) => {
    await expectErrorResponse(await capture(body), 400);
  });

  it('refuses malformed JSON with 400', async () => {
    const headers = { 'content-type': 'application/json' };
    await expectErrorResponse(await service.request('capturer', '/capture', { method: 'POST', headers, body: '{"text": ' }), 400);
  });

  it('accepts only application/json and multipart/form-data (415 otherwise)', async () => {
    const body = JSON.stringify({ text: 'buy milk' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'audio/wav']) {
      await expectErrorResponse(await service.request('capturer', '/capture', { method: 'POST', body, headers: { 'content-type': type } }), 415);
    }
    await expectErrorResponse(await service.request('capturer', '/capture', { method: 'POST' }), 415);
  });

  it('needs a bearer token (401) and answers other methods with 405', async () => {
    const response = await service.request(null, '/capture', jsonRequest('POST', { text: 'buy milk' }));
    await expectErrorResponse(response, 401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const get = await service.request('capturer', '/capture');
    await expectErrorResponse(get, 405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});
