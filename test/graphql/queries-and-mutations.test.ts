import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, graphqlRequest } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import {
  CompleteTaskMutation,
  CreateTaskMutation,
  DeleteTaskMutation,
  MeQuery,
  ReopenTaskMutation,
  SetTimeZoneMutation,
  TaskQuery,
  TasksQuery,
  TodayQuery,
  UpdateTaskMutation,
} from './documents.js';

/** 2026-11-21T22:30Z: late evening in Berlin (23:30), afternoon in New York (17:30). */
const NOW = Date.parse('2026-11-21T22:30:00.000Z');

describe.each(PROVIDERS)('GraphQL queries and mutations over HTTP on %s', (provider) => {
  let service: TestService;
  let tick = 0;
  beforeAll(async () => {
    // Each reading of the clock is 1 ms later, so creation times differ but "today" stays put.
    service = await startTestService(provider, { clock: { now: () => new Date(NOW + tick++) } });
  });
  afterAll(async () => service?.close());

  const create = async (user: string, input: Parameters<typeof createInput>[0]) =>
    (await graphqlData(service, user, CreateTaskMutation, { input: createInput(input) })).createTask!;
  const createInput = (input: { title: string; dueAt?: string | null; description?: string; priority?: 'LOW' | 'MEDIUM' | 'HIGH'; remindBefore?: number }) => input;

  it('me answers the caller with time zone UTC until setTimeZone changes it to a canonical IANA name', async () => {
    expect((await graphqlData(service, 'tz-user', MeQuery)).me).toEqual({ id: 'tz-user', timeZone: 'UTC' });
    const set = await graphqlData(service, 'tz-user', SetTimeZoneMutation, { timeZone: 'europe/paris' });
    expect(set.setTimeZone).toEqual({ id: 'tz-user', timeZone: 'Europe/Paris' });
    expect((await graphqlData(service, 'tz-user', MeQuery)).me.timeZone).toBe('Europe/Paris');
  });

  it('setTimeZone refuses offsets, abbreviations with spaces and unknown zones with BAD_USER_INPUT', async () => {
    for (const timeZone of ['+01:00', 'Central European Time', 'Mars/Olympus_Mons', '']) {
      const { status, body } = await graphqlRequest(service, 'tz-bad', SetTimeZoneMutation, { timeZone });
      expect(status).toBe(200);
      expect(body.data?.setTimeZone).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect((await graphqlData(service, 'tz-bad', MeQuery)).me.timeZone).toBe('UTC');
  });

  it('createTask stores the task like REST does, and task(id) reads it back with the REST id', async () => {
    const task = await create('creator', {
      title: '  Call mom  ',
      description: 'about Sunday',
      dueAt: '2026-11-22T17:00:00+01:00',
      priority: 'HIGH',
      remindBefore: 30,
    });
    expect(task).toMatchObject({
      title: 'Call mom',
      description: 'about Sunday',
      dueAt: '2026-11-22T16:00:00.000Z',
      priority: 'HIGH',
      status: 'PENDING',
      remindBefore: 30,
      completedAt: null,
    });
    expect(task.id).toMatch(/^\d+$/);
    const rest = (await (await service.request('creator', '/tasks?status=all')).json()) as Array<{ id: number; title: string }>;
    expect(rest.find((t) => String(t.id) === task.id)?.title).toBe('Call mom');

    const read = (await graphqlData(service, 'creator', TaskQuery, { id: task.id })).task!;
    expect(read).toMatchObject({ id: task.id, title: 'Call mom', createdAt: task.createdAt });
    expect(read).toMatchObject({ reminder: 'MINUTES_30', nextReminderAt: '2026-11-22T15:30:00.000Z' });
    expect(read.reminderSchedule).toEqual({ offset: 'MINUTES_30', offsetMinutes: 30, fireAt: '2026-11-22T15:30:00.000Z', state: 'SCHEDULED' });
  });

  it('a task created through REST is readable through GraphQL by the same id', async () => {
    const created = (await (await service.request('mixer', '/tasks', jsonRequest('POST', { title: 'from REST' }))).json()) as { id: number };
    const read = (await graphqlData(service, 'mixer', TaskQuery, { id: String(created.id) })).task!;
    expect(read).toMatchObject({ id: String(created.id), title: 'from REST', dueAt: null, priority: 'LOW', reminder: null, nextReminderAt: null, reminderSchedule: null });
  });

  it('createTask input errors come back as BAD_USER_INPUT, never as a crash', async () => {
    const cases = [
      { title: '   ' },
      { title: 'x'.repeat(501) },
      { title: 'bad date', dueAt: '2026-02-30T10:00:00Z' },
      { title: 'no zone', dueAt: '2026-11-22T10:00:00' },
      { title: 'nul \u0000' },
      { title: 'reminder without due time', remindBefore: 10 },
      { title: 'odd reminder', dueAt: '2026-11-22T10:00:00Z', remindBefore: 7 },
    ];
    for (const input of cases) {
      const { status, body } = await graphqlRequest(service, 'validator', CreateTaskMutation, { input });
      expect(status, JSON.stringify(input)).toBe(200);
      expect(body.data?.createTask ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
    }
    const wrongType = await graphqlRequest(service, 'validator', 'mutation { createTask(input: {title: 42}) { id } }');
    expect(wrongType.body.errors?.length).toBeGreaterThan(0);
    expect((await graphqlData(service, 'validator', TasksQuery, {})).tasks.totalCount).toBe(0);
  });

  it('updateTask changes any given field, keeps the others, and dueAt: null clears the due time and reminder', async () => {
    const task = await create('updater', { title: 'draft', dueAt: '2026-11-25T09:00:00Z', remindBefore: 10 });
    const renamed = (await graphqlData(service, 'updater', UpdateTaskMutation, { input: { id: task.id, title: 'final', priority: 'MEDIUM' } })).updateTask!;
    expect(renamed).toMatchObject({ title: 'final', priority: 'MEDIUM', dueAt: '2026-11-25T09:00:00.000Z', remindBefore: 10, description: '' });
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThan(Date.parse(task.updatedAt));

    const cleared = (await graphqlData(service, 'updater', UpdateTaskMutation, { input: { id: task.id, dueAt: null } })).updateTask!;
    expect(cleared).toMatchObject({ title: 'final', dueAt: null, remindBefore: null });
    expect((await graphqlData(service, 'updater', TaskQuery, { id: task.id })).task!.reminderSchedule?.state).toBe('CANCELLED');

    const bad = await graphqlRequest(service, 'updater', UpdateTaskMutation, { input: { id: task.id, title: null } });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badDate = await graphqlRequest(service, 'updater', UpdateTaskMutation, { input: { id: task.id, dueAt: 'tomorrow' } });
    expect(badDate.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await graphqlData(service, 'updater', TaskQuery, { id: task.id })).task!.title).toBe('final');
  });

  it('completeTask and reopenTask flip the status idempotently; deleteTask removes the task and returns its last state', async () => {
    const task = await create('finisher', { title: 'finish me' });
    const completed = (await graphqlData(service, 'finisher', CompleteTaskMutation, { id: task.id })).completeTask!;
    expect(completed.status).toBe('COMPLETED');
    expect(completed.completedAt).not.toBeNull();
    const again = (await graphqlData(service, 'finisher', CompleteTaskMutation, { id: task.id })).completeTask!;
    expect(again).toEqual(completed);

    const reopened = (await graphqlData(service, 'finisher', ReopenTaskMutation, { id: task.id })).reopenTask!;
    expect(reopened).toMatchObject({ status: 'PENDING', completedAt: null });
    expect((await graphqlData(service, 'finisher', ReopenTaskMutation, { id: task.id })).reopenTask).toEqual(reopened);

    const deleted = (await graphqlData(service, 'finisher', DeleteTaskMutation, { id: task.id })).deleteTask!;
    expect(deleted).toMatchObject({ id: task.id, title: 'finish me', status: 'PENDING' });
    const gone = await graphqlRequest(service, 'finisher', TaskQuery, { id: task.id });
    expect(gone.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await service.request('finisher', `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(404);
    for (const mutation of [CompleteTaskMutation, ReopenTaskMutation, DeleteTaskMutation]) {
      const { body } = await graphqlRequest(service, 'finisher', mutation, { id: task.id });
      expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('ids that are not positive int64 values are BAD_USER_INPUT; unknown ones NOT_FOUND', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '9223372036854775808']) {
      const { body } = await graphqlRequest(service, 'ids', TaskQuery, { id });
      expect(body.errors?.[0]?.extensions?.code, id).toBe('BAD_USER_INPUT');
    }
    const { body } = await graphqlRequest(service, 'ids', TaskQuery, { id: '9223372036854775807' });
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('tasks pages through a filtered, ordered list with cursors, a total count and page sizes up to 200', async () => {
    const user = 'pager';
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      ids.push((await create(user, { title: `dated ${i}`, dueAt: new Date(Date.UTC(2026, 11, 10 - i)).toISOString() })).id);
    }
    const undated = (await create(user, { title: 'undated Needle', description: 'no date' })).id;
    const done = (await create(user, { title: 'done needle', dueAt: '2026-12-01T00:00:00Z' })).id;
    await graphqlData(service, user, CompleteTaskMutation, { id: done });

    // Default order: due time ascending, undated last; every status.
    const seen: string[] = [];
    let after: string | null | undefined;
    let pages = 0;
    do {
      const page = (await graphqlData(service, user, TasksQuery, { first: 3, after })).tasks;
      expect(page.totalCount).toBe(9);
      seen.push(...page.edges.map((edge) => edge.node.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    // The completed task (Dec 1) first, then dated 6 (Dec 4) … dated 0 (Dec 10), undated last.
    expect(seen).toEqual([done, ...[...ids].reverse(), undated]);

    const pending = (await graphqlData(service, user, TasksQuery, { filter: { status: 'PENDING' }, first: 200 })).tasks;
    expect(pending.totalCount).toBe(8);
    expect(pending.edges.some((edge) => edge.node.id === done)).toBe(false);

    const ranged = (await graphqlData(service, user, TasksQuery, {
      filter: { dueAfter: '2026-12-06T00:00:00Z', dueBefore: '2026-12-09T00:00:00+00:00' },
    })).tasks;
    expect(ranged.edges.map((edge) => edge.node.title)).toEqual(['dated 4', 'dated 3', 'dated 2']);
    expect(ranged.totalCount).toBe(3);

    const search = (await graphqlData(service, user, TasksQuery, { filter: { search: 'NEEDLE' } })).tasks;
    expect(search.edges.map((edge) => edge.node.id).sort()).toEqual([undated, done].sort());

    const newest = (await graphqlData(service, user, TasksQuery, { orderBy: 'CREATED_AT_DESC', first: 2 })).tasks;
    expect(newest.edges.map((edge) => edge.node.id)).toEqual([done, undated]);
    const next = (await graphqlData(service, user, TasksQuery, { orderBy: 'CREATED_AT_DESC', first: 2, after: newest.pageInfo.endCursor })).tasks;
    expect(next.edges.map((edge) => edge.node.id)).toEqual([ids[6], ids[5]]);

    for (const variables of [{ first: 201 }, { first: -1 }, { after: 'not-a-cursor' }, { after: next.pageInfo.endCursor, orderBy: 'DUE_AT_ASC' as const }]) {
      const { body } = await graphqlRequest(service, user, TasksQuery, variables);
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
    // Paging is forward only, and the schema says so: `last`/`before` are not arguments at all.
    for (const backwards of ['{ tasks(last: 2) { totalCount } }', '{ today(before: "x") { totalCount } }']) {
      const { body } = await graphqlRequest(service, user, backwards);
      expect(body.errors?.[0]?.extensions?.code, backwards).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(body.errors?.[0]?.message).toMatch(/Unknown argument "(last|before)"/);
    }
  });

  it("today lists pending tasks overdue or due today in the caller's zone, by due time, undated after; timeZone overrides", async () => {
    const user = 'daily';
    const overdue = (await create(user, { title: 'overdue', dueAt: '2026-11-20T10:00:00Z' })).id;
    const tonight = (await create(user, { title: 'tonight', dueAt: '2026-11-21T22:45:00Z' })).id;
    const nyEvening = (await create(user, { title: 'late in New York', dueAt: '2026-11-22T03:00:00Z' })).id;
    await create(user, { title: 'later this week', dueAt: '2026-11-24T09:00:00Z' });
    const undated = (await create(user, { title: 'someday' })).id;
    const done = (await create(user, { title: 'done', dueAt: '2026-11-20T09:00:00Z' })).id;
    await graphqlData(service, user, CompleteTaskMutation, { id: done });

    const ids = (today: { edges: Array<{ node: { id: string } }> }) => today.edges.map((edge) => edge.node.id);
    const utc = (await graphqlData(service, user, TodayQuery, {})).today;
    expect(ids(utc)).toEqual([overdue, tonight, undated]);
    expect(utc.totalCount).toBe(3);

    const newYork = (await graphqlData(service, user, TodayQuery, { timeZone: 'America/New_York' })).today;
    expect(ids(newYork)).toEqual([overdue, tonight, nyEvening, undated]);

    await graphqlData(service, user, SetTimeZoneMutation, { timeZone: 'America/New_York' });
    const stored = (await graphqlData(service, user, TodayQuery, { first: 2 })).today;
    expect(ids(stored)).toEqual([overdue, tonight]);
    expect(stored.totalCount).toBe(4);
    const rest = (await graphqlData(service, user, TodayQuery, { first: 2, after: stored.pageInfo.endCursor })).today;
    expect(ids(rest)).toEqual([nyEvening, undated]);
    expect(rest.pageInfo.hasNextPage).toBe(false);

    const bad = await graphqlRequest(service, user, TodayQuery, { timeZone: 'UTC+1' });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
