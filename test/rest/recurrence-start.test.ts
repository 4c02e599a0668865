import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { expandWithDateutil, expandWithIcalJs } from '../support/calendar-readers.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

/*
 * A repeating task's dueAt is always an occurrence of its rule: one that is not (a Sunday with
 * BYDAY=MO,WE) is moved to the rule's first occurrence at or after it, on create and on change, so
 * that the service, ical.js and python-dateutil agree on every occurrence, COUNT and UNTIL included.
 */

const ZONE = 'Europe/Berlin';
const berlin = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toUTC().toISO()!;

const RULES: Array<{ rule: string; dueAt: string; expected: string[] }> = [
  // A Sunday: COUNT=3 is Monday, Wednesday, Monday (not the Sunday and three more).
  { rule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3', dueAt: '2027-03-07T09:00', expected: ['2027-03-08T09:00', '2027-03-10T09:00', '2027-03-15T09:00'] },
  // Across the spring change: still 18:30 local.
  {
    rule: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=4',
    dueAt: '2027-03-10T18:30',
    expected: ['2027-03-26T18:30', '2027-04-30T18:30', '2027-05-28T18:30', '2027-06-25T18:30'],
  },
  // A date-only UNTIL includes that local day; months without the 31st are skipped.
  { rule: 'FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20270831', dueAt: '2027-04-15T07:00', expected: ['2027-05-31T07:00', '2027-07-31T07:00', '2027-08-31T07:00'] },
  // A UTC UNTIL; every other week, counted from the week of dueAt.
  {
    rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;UNTIL=20270430T220000Z',
    dueAt: '2027-03-24T12:00',
    expected: ['2027-03-26T12:00', '2027-04-09T12:00', '2027-04-23T12:00'],
  },
  { rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=2', dueAt: '2027-01-10T08:00', expected: ['2028-02-29T08:00', '2032-02-29T08:00'] },
  {
    rule: 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=5',
    dueAt: '2027-03-06T06:45',
    expected: ['2027-03-08T06:45', '2027-03-09T06:45', '2027-03-10T06:45', '2027-03-11T06:45', '2027-03-12T06:45'],
  },
  // Already an occurrence: unchanged.
  { rule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=2', dueAt: '2027-03-07T09:00', expected: ['2027-03-07T09:00', '2027-03-14T09:00'] },
];

describe.each(PROVIDERS)("a repeating task's first occurrence on %s", (provider) => {
  let service: TestService;
  const clock = createManualClock(new Date('2027-03-01T00:00:00Z'));
  const create = (user: string, body: unknown) => service.request(user, '/tasks', jsonRequest('POST', body));
  const patch = (user: string, id: number, body: unknown) => service.request(user, `/tasks/${id}`, jsonRequest('PATCH', body));

  beforeAll(async () => {
    service = await startTestService(provider, { clock, resolveHost: async () => [{ address: '93.184.215.14', family: 4 }] });
  });
  afterAll(async () => service?.close());

  const inZone = async (user: string) => {
    await service.database.db.user.upsert({ where: { id: user }, create: { id: user, timeZone: ZONE }, update: { timeZone: ZONE } });
  };

  it.each(RULES.map((r, index) => [r.rule, r, index] as const))('%s: the service, ical.js and python-dateutil list the same occurrences', async (_rule, r, index) => {
    const user = `start-${index}`;
    await inZone(user);
    clock.set(new Date('2027-03-01T00:00:00Z'));
    const response = await create(user, { title: 'Series', dueAt: berlin(r.dueAt), recurrence: r.rule });
    expect(response.status).toBe(201);
    const task = (await response.json()) as { id: number; dueAt: string };
    const expected = r.expected.map(berlin).map((iso) => new Date(iso).toISOString());
    // The answer is the moved dueAt.
    expect(task.dueAt).toBe(expected[0]);

    const { url } = (await (await service.request(user, '/calendar/feed', { method: 'POST' })).json()) as { url: string };
    const feed = await (await fetch(`${service.url}${new URL(url).pathname}`)).text();
    const uid = `task-${task.id}@tickler`;

    const tickler = [task.dueAt];
    for (let step = 0; step < 20; step += 1) {
      clock.set(new Date(tickler.at(-1)!));
      expect((await service.request(user, `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
      const moved = (await (await service.request(user, `/tasks/${task.id}`)).json()) as { dueAt: string; status: string };
      if (moved.status === 'completed') break;
      tickler.push(moved.dueAt);
    }
    expect(tickler).toEqual(expected);
    expect(expandWithIcalJs(feed, uid, 'vevent', 50)).toEqual(expected);
    expect(expandWithDateutil(feed, uid, 'vevent', 50)).toEqual(expected);
  });

  it('PATCH moves a new dueAt or a new rule onto the rule; GraphQL and import do the same', async () => {
    const user = 'start-patch';
    await inZone(user);
    clock.set(new Date('2027-03-01T00:00:00Z'));
    const task = (await (await create(user, { title: 'Bins', dueAt: berlin('2027-03-08T07:00'), recurrence: 'FREQ=WEEKLY;BYDAY=MO' })).json()) as any;
    expect(task.dueAt).toBe(new Date(berlin('2027-03-08T07:00')).toISOString());

    // A Sunday dueAt: Monday.
    let changed = await patch(user, task.id, { dueAt: berlin('2027-03-14T07:00') });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as any).dueAt).toBe(new Date(berlin('2027-03-15T07:00')).toISOString());
    // A new rule: its first occurrence at or after the current dueAt (Monday 15th): Friday 19th.
    changed = await patch(user, task.id, { recurrence: 'FREQ=WEEKLY;BYDAY=FR' });
    expect(((await changed.json()) as any).dueAt).toBe(new Date(berlin('2027-03-19T07:00')).toISOString());
    // The same rule again, or a title: nothing moves.
    changed = await patch(user, task.id, { recurrence: 'FREQ=WEEKLY;BYDAY=FR', title: 'Bins out' });
    expect(((await changed.json()) as any).dueAt).toBe(new Date(berlin('2027-03-19T07:00')).toISOString());
    const row = await service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(task.id) } });
    expect(row.dueAt?.toISOString()).toBe(new Date(berlin('2027-03-19T07:00')).toISOString());

    const created = await graphqlRequest<any, any>(
      service,
      user,
      'mutation($input: CreateTaskInput!) { createTask(input: $input) { dueAt } }',
      { input: { title: 'Gym', dueAt: berlin('2027-03-07T18:00'), recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE' } },
    );
    expect(created.body.data.createTask.dueAt).toBe(new Date(berlin('2027-03-08T18:00')).toISOString());

    const document = {
      format: 'tickler.export/1',
      tasks: [{ title: 'Imported', dueAt: berlin('2027-03-07T10:00'), status: 'pending', recurrence: 'FREQ=WEEKLY;BYDAY=TU' }],
    };
    const imported = await service.request(user, '/me/import', jsonRequest('POST', document));
    expect(imported.status).toBe(200);
    const importedRow = await service.database.db.task.findFirstOrThrow({ where: { userId: user, title: 'Imported' } });
    expect(importedRow.dueAt?.toISOString()).toBe(new Date(berlin('2027-03-09T10:00')).toISOString());
  });

  it('refuses a rule with no occurrence at or after dueAt (UNTIL before it) with 400, and changes nothing', async () => {
    const user = 'start-none';
    await inZone(user);
    const before = await service.database.db.task.count({ where: { userId: user } });
    await expectErrorResponse(await create(user, { title: 'Too late', dueAt: berlin('2027-03-10T09:00'), recurrence: 'FREQ=DAILY;UNTIL=20270309' }), 400);
    await expectErrorResponse(await create(user, { title: 'Too late', dueAt: berlin('2027-03-10T09:00'), recurrence: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20270314T000000Z' }), 400);
    expect(await service.database.db.task.count({ where: { userId: user } })).toBe(before);

    const task = (await (await create(user, { title: 'Daily', dueAt: berlin('2027-03-10T09:00'), recurrence: 'FREQ=DAILY;UNTIL=20270320' })).json()) as any;
    const row = () => service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(task.id) } });
    const stored = await row();
    await expectErrorResponse(await patch(user, task.id, { dueAt: berlin('2027-03-21T09:00') }), 400);
    await expectErrorResponse(await patch(user, task.id, { recurrence: 'FREQ=DAILY;UNTIL=20270301' }), 400);
    expect(await row()).toEqual(stored);
    const graphql = await graphqlRequest<any, any>(
      service,
      user,
      'mutation($input: CreateTaskInput!) { createTask(input: $input) { id } }',
      { input: { title: 'Too late', dueAt: berlin('2027-03-10T09:00'), recurrence: 'FREQ=DAILY;UNTIL=20270309' } },
    );
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
