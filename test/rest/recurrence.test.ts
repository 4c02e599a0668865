import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const NOW = new Date('2026-03-26T07:00:00Z'); // Thursday, 08:00 in Berlin, three days before the spring change

describe.each(PROVIDERS)('repeating tasks on %s', (provider) => {
  let service: TestService;
  const clock = createManualClock(NOW);
  const create = (user: string, body: unknown) => service.request(user, '/tasks', jsonRequest('POST', body));
  const complete = (user: string, id: number) => service.request(user, `/tasks/${id}`, { method: 'DELETE' });
  const row = (id: number) => service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(id) } });
  const eventsOf = async (id: number) =>
    (await service.database.db.event.findMany({ where: { taskId: BigInt(id) }, orderBy: { id: 'asc' } })).map((e) => JSON.parse(e.payload));

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
    for (const user of ['berlin', 'late', 'gql']) {
      await service.database.db.user.upsert({ where: { id: user }, create: { id: user, timeZone: 'Europe/Berlin' }, update: { timeZone: 'Europe/Berlin' } });
    }
  });
  afterAll(async () => service?.close());

  it('creates a repeating task: 201 with the canonical rule and its reading in the user time zone', async () => {
    const response = await create('berlin', { title: 'Bins out', dueAt: '2026-03-30T09:00:00+02:00', recurrence: 'freq=weekly;byday=mo' });
    expect(response.status).toBe(201);
    const task = (await response.json()) as any;
    expect(task).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=MO', recurrenceText: 'every week on Monday at 9:00', dueAt: '2026-03-30T07:00:00.000Z' });
    const listed = ((await (await service.request('berlin', '/tasks')).json()) as any[]).find((t) => t.id === task.id);
    expect(listed).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=MO', recurrenceText: 'every week on Monday at 9:00' });
  });

  it.each([
    ['an invalid rule', { title: 'x', dueAt: '2026-03-30T09:00:00Z', recurrence: 'every monday' }],
    ['an hourly rule', { title: 'x', dueAt: '2026-03-30T09:00:00Z', recurrence: 'FREQ=HOURLY' }],
    ['a minutely rule', { title: 'x', dueAt: '2026-03-30T09:00:00Z', recurrence: 'FREQ=MINUTELY;INTERVAL=5' }],
    ['more than 1000 a year', { title: 'x', dueAt: '2026-03-30T09:00:00Z', recurrence: 'FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23' }],
    ['a rule without dueAt', { title: 'x', recurrence: 'FREQ=DAILY' }],
    ['a rule that is not a string', { title: 'x', dueAt: '2026-03-30T09:00:00Z', recurrence: 7 }],
  ])('refuses %s with 400 and creates nothing', async (_name, body) => {
    const before = await service.database.db.task.count();
    await expectErrorResponse(await create('berlin', body), 400);
    expect(await service.database.db.task.count()).toBe(before);
  });

  it('completing records the occurrence, moves dueAt to the next one at the same local time across DST, re-arms the reminder', async () => {
    clock.set(NOW);
    const task = (await (
      await create('berlin', { title: 'Stretch', dueAt: '2026-03-28T09:00:00+01:00', recurrence: 'FREQ=DAILY', remindBefore: 10 })
    ).json()) as any;
    clock.set(new Date('2026-03-28T08:05:00Z')); // done at 09:05 on the day
    expect((await complete('berlin', task.id)).status).toBe(204);
    let current = await row(task.id);
    expect(current.status).toBe('pending');
    expect(current.dueAt?.toISOString()).toBe('2026-03-29T07:00:00.000Z'); // 09:00 CEST
    const reminder = await service.database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } } });
    expect(reminder).toMatchObject({ state: 'scheduled', offsetMinutes: 10 });
    expect(reminder.fireAt.toISOString()).toBe('2026-03-29T06:50:00.000Z');
    const completions = await service.database.db.taskCompletion.findMany({ where: { taskId: BigInt(task.id) } });
    expect(completions.map((c) => [c.occurrenceAt.toISOString(), c.completedAt.toISOString()])).toEqual([
      ['2026-03-28T08:00:00.000Z', '2026-03-28T08:05:00.000Z'],
    ]);
    const event = (await eventsOf(task.id)).at(-1);
    expect(event).toMatchObject({
      type: 'task.occurrence_completed',
      task: { status: 'pending', dueAt: '2026-03-29T07:00:00.000Z', recurrence: 'FREQ=DAILY' },
      occurrence: { dueAt: '2026-03-28T08:00:00.000Z', completedAt: '2026-03-28T08:05:00.000Z', nextDueAt: '2026-03-29T07:00:00.000Z' },
    });
    // The next day, on time again: 09:00 CEST stays 09:00.
    clock.set(new Date('2026-03-29T07:30:00Z'));
    expect((await complete('berlin', task.id)).status).toBe(204);
    current = await row(task.id);
    expect(current.dueAt?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('completed late, it moves to the first occurrence after today (not today, not one per missed day)', async () => {
    clock.set(NOW);
    const task = (await (await create('late', { title: 'Water plants', dueAt: '2026-03-26T18:00:00+01:00', recurrence: 'FREQ=DAILY' })).json()) as any;
    clock.set(new Date('2026-03-29T06:00:00Z')); // three days later, 08:00 CEST, before today's 18:00
    expect((await complete('late', task.id)).status).toBe(204);
    expect((await row(task.id)).dueAt?.toISOString()).toBe('2026-03-30T16:00:00.000Z');
  });

  it('completes for good after the last occurrence: task.completed carrying the occurrence, reminder cancelled', async () => {
    clock.set(NOW);
    const task = (await (
      await create('berlin', { title: 'Twice', dueAt: '2026-03-27T10:00:00+01:00', recurrence: 'FREQ=WEEKLY;COUNT=2', remindBefore: 30 })
    ).json()) as any;
    expect((await complete('berlin', task.id)).status).toBe(204);
    let current = await row(task.id);
    expect(current).toMatchObject({ status: 'pending', recurrence: 'FREQ=WEEKLY;COUNT=1' });
    expect(current.dueAt?.toISOString()).toBe('2026-04-03T08:00:00.000Z');
    expect((await complete('berlin', task.id)).status).toBe(204);
    current = await row(task.id);
    expect(current.status).toBe('completed');
    expect(current.completedAt?.toISOString()).toBe(NOW.toISOString());
    const reminder = await service.database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } } });
    expect(reminder.state).toBe('cancelled');
    const last = (await eventsOf(task.id)).at(-1);
    expect(last).toMatchObject({ type: 'task.completed', task: { status: 'completed' }, occurrence: { dueAt: '2026-04-03T08:00:00.000Z', nextDueAt: null } });
    // Completing again changes nothing.
    expect((await complete('berlin', task.id)).status).toBe(204);
    expect(await service.database.db.taskCompletion.count({ where: { taskId: BigInt(task.id) } })).toBe(2);
  });

  it('concurrent completions never record one occurrence twice: each recorded one moved the task one step', async () => {
    clock.set(NOW);
    // A user in UTC (the default zone): every step is exactly one day.
    const task = (await (await create('racer', { title: 'Race', dueAt: '2026-03-26T20:00:00Z', recurrence: 'FREQ=DAILY' })).json()) as any;
    const answers = await Promise.all([1, 2, 3, 4].map(() => complete('racer', task.id)));
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204]);
    const completions = await service.database.db.taskCompletion.findMany({ where: { taskId: BigInt(task.id) }, orderBy: { id: 'asc' } });
    const occurrences = completions.map((c) => c.occurrenceAt.toISOString());
    expect(new Set(occurrences).size).toBe(occurrences.length);
    expect(occurrences[0]).toBe('2026-03-26T20:00:00.000Z');
    const steps = completions.length;
    expect(steps).toBeGreaterThanOrEqual(1);
    expect((await row(task.id)).dueAt?.toISOString()).toBe(new Date(Date.parse('2026-03-26T20:00:00Z') + steps * 86_400_000).toISOString());
    const moved = (await eventsOf(task.id)).filter((e) => e.type === 'task.occurrence_completed');
    expect(moved.map((e) => e.occurrence.dueAt)).toEqual(occurrences);
  });

  it('GraphQL: createTask and updateTask take the rule, Task shows it and its reading, completeTask moves it', async () => {
    clock.set(NOW);
    const created = await graphqlRequest<any, any>(
      service,
      'gql',
      `mutation($input: CreateTaskInput!) { createTask(input: $input) { id recurrence recurrenceText dueAt } }`,
      { input: { title: 'Rent', dueAt: '2026-04-01T09:00:00+02:00', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1' } },
    );
    const task = created.body.data.createTask;
    expect(task).toMatchObject({ recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1', recurrenceText: 'every month on the 1st at 9:00' });
    const refused = await graphqlRequest<any, any>(service, 'gql', `mutation($input: UpdateTaskInput!) { updateTask(input: $input) { id } }`, {
      input: { id: task.id, recurrence: 'FREQ=SECONDLY' },
    });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const cleared = await graphqlRequest<any, any>(service, 'gql', `mutation($input: UpdateTaskInput!) { updateTask(input: $input) { id } }`, {
      input: { id: task.id, dueAt: null },
    });
    expect(cleared.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const updated = await graphqlRequest<any, any>(
      service,
      'gql',
      `mutation($input: UpdateTaskInput!) { updateTask(input: $input) { recurrence recurrenceText } }`,
      { input: { id: task.id, recurrence: 'FREQ=MONTHLY;BYDAY=1WE' } },
    );
    expect(updated.body.data.updateTask).toEqual({ recurrence: 'FREQ=MONTHLY;BYDAY=1WE', recurrenceText: 'every month on the 1st Wednesday at 9:00' });
    const done = await graphqlRequest<any, any>(service, 'gql', `mutation($id: ID!) { completeTask(id: $id) { status dueAt } }`, { id: task.id });
    expect(done.body.data.completeTask).toEqual({ status: 'PENDING', dueAt: '2026-05-06T07:00:00.000Z' });
    const stopped = await graphqlRequest<any, any>(
      service,
      'gql',
      `mutation($input: UpdateTaskInput!) { updateTask(input: $input) { recurrence recurrenceText } }`,
      { input: { id: task.id, recurrence: null } },
    );
    expect(stopped.body.data.updateTask).toEqual({ recurrence: null, recurrenceText: null });
  });
});
