import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from '../support/graphql-client.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { makeSharedList } from '../support/lists.js';
import { CreateTaskMutation, ListTasksQuery, TasksWithNextReminderQuery, TasksWithPeopleQuery, TasksWithRemindersQuery } from './documents.js';

/**
 * Statements of background work (outbox relay, reminder sweeps, webhook delivery and pruning, job
 * queue) and transaction control, which the request's reads do not use.
 */
const BACKGROUND = /"?events"?\b|event_sequence|fire_at\s*<=|webhook_|agenda|_jobs|\bjobs\b|^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

interface TaskPageData {
  tasks: { edges: Array<{ node: { nextReminderAt?: string | null } }> };
}

describe.each(PROVIDERS)('nested GraphQL queries on %s', (provider) => {
  let service: TestService;
  let recording: string[] | undefined;
  /** The shared list of 'few-shared' and of 'many-shared'. */
  const sharedLists = new Map<string, bigint>();
  beforeAll(async () => {
    service = await startTestService(provider, { onDatabaseQuery: (sql) => recording?.push(sql) });
    for (const [user, count] of [['few', 5], ['many', 50]] as const) {
      for (let i = 0; i < count; i += 1) {
        await graphqlData(service, user, CreateTaskMutation, {
          input: { title: `task ${i}`, dueAt: new Date(Date.now() + (i + 2) * 3_600_000).toISOString(), reminder: 'MINUTES_10' },
        });
      }
    }
    // Every task in one shared list, created by its members in turn and assigned around, labelled.
    for (const [owner, count] of [['few-shared', 5], ['many-shared', 50]] as const) {
      const members = [owner, `${owner}-a`, `${owner}-b`, `${owner}-c`];
      const listId = await makeSharedList(service.database.db, owner, 'Shared', { [members[1]!]: 'editor', [members[2]!]: 'editor', [members[3]!]: 'editor' });
      sharedLists.set(owner, listId);
      for (const member of members) await service.database.db.user.update({ where: { id: member }, data: { displayName: `Name of ${member}` } });
      for (let i = 0; i < count; i += 1) {
        await graphqlData(service, members[i % 4]!, CreateTaskMutation, {
          input: {
            title: `shared ${i}`,
            dueAt: new Date(Date.now() + (i + 2) * 3_600_000).toISOString(),
            reminder: 'MINUTES_10',
            listId: String(listId),
            assigneeId: i % 5 === 0 ? null : members[(i + 1) % 4]!,
            labels: [`label ${i % 3}`],
          },
        });
      }
    }
  });
  afterAll(async () => service?.close());

  /**
   * The statements one request sends. Background work can interleave with a request on a busy machine
   * and only ever adds statements, so the fewest of three runs is the request's own count.
   */
  async function statementsFor<T, V extends { first?: number | null }>(
    user: string,
    first: number,
    document: TypedDocumentNode<T, V>,
    check: (data: T) => void,
    variables: Omit<V, 'first'> = {} as V,
    edgesOf: (data: T) => TaskPageData['tasks']['edges'] = (data) => (data as TaskPageData).tasks.edges,
  ): Promise<string[]> {
    const vars = { ...variables, first } as V;
    await graphqlData(service, user, document, vars); // warms caches (user record, token)
    let fewest: string[] | undefined;
    for (let run = 0; run < 3; run += 1) {
      recording = [];
      const data = await graphqlData(service, user, document, vars);
      const statements = recording.filter((sql) => !BACKGROUND.test(sql));
      recording = undefined;
      expect(edgesOf(data)).toHaveLength(first);
      expect(edgesOf(data).every((edge) => edge.node.nextReminderAt != null)).toBe(true);
      check(data);
      if (!fewest || statements.length < fewest.length) fewest = statements;
    }
    return fewest!;
  }

  it('loads 50 tasks with their reminders and next reminder times in as many SQL statements as 5 tasks', async () => {
    const withSchedules = (user: string, first: number) =>
      statementsFor(user, first, TasksWithRemindersQuery, (data) => {
        for (const { node } of data.tasks.edges) {
          expect(node.reminderSchedule?.state).toBe('SCHEDULED');
          expect(node).toMatchObject({ reminder: 'MINUTES_10', nextReminderAt: node.reminderSchedule?.fireAt });
        }
      });
    const few = await withSchedules('few', 5);
    const many = await withSchedules('many', 50);
    expect(many.length, many.join('\n')).toBe(few.length);
    // The caller's lists (the membership read every task list starts with), the page (dated tasks, then
    // undated ones) and one read of the reminders for the whole page, which reminderSchedule and
    // nextReminderAt share.
    expect(many.filter((sql) => /list_members/.test(sql) && !/reminders/.test(sql)), many.join('\n')).toHaveLength(1);
    expect(many.filter((sql) => /reminders/.test(sql)), many.join('\n')).toHaveLength(1);
    expect(many.length).toBeLessThanOrEqual(4);
  });

  it('reads the reminders once per page for nextReminderAt alone, however many tasks the page holds', async () => {
    const nextOnly = (user: string, first: number) => statementsFor(user, first, TasksWithNextReminderQuery, () => undefined);
    const few = await nextOnly('few', 5);
    const many = await nextOnly('many', 50);
    expect(many.length, many.join('\n')).toBe(few.length);
    expect(many.filter((sql) => /reminders/.test(sql))).toHaveLength(1);
    expect(many.length).toBeLessThanOrEqual(4);
  });

  it('loads 50 tasks of a shared list with their list, assignee, creator and labels in as many SQL statements as 5', async () => {
    const withPeople = (user: string, first: number) =>
      statementsFor(user, first, TasksWithPeopleQuery, (data) => {
        for (const { node } of data.tasks.edges) {
          expect(node.list).toMatchObject({ name: 'Shared', role: 'OWNER', memberCount: 4, openCount: first });
          expect(node.createdBy.displayName).toBe(`Name of ${node.createdBy.id}`);
          if (node.assignee) expect(node.assignee.displayName).toBe(`Name of ${node.assignee.id}`);
          expect(node.labels).toHaveLength(1);
        }
        expect(data.tasks.edges.some(({ node }) => node.assignee === null)).toBe(true);
      });
    const few = await withPeople('few-shared', 5);
    const many = await withPeople('many-shared', 50);
    expect(many.length, many.join('\n')).toBe(few.length);
    // One read of the people (assignees and creators together), of the labels, of the reminders.
    expect(many.filter((sql) => /"?users"?/.test(sql) && /display_name/.test(sql)), many.join('\n')).toHaveLength(1);
    expect(many.filter((sql) => /task_labels/.test(sql)), many.join('\n')).toHaveLength(1);
    expect(many.filter((sql) => /reminders/.test(sql)), many.join('\n')).toHaveLength(1);
    expect(many.length, many.join('\n')).toBeLessThanOrEqual(12);
  });

  it('pages a list\'s own tasks through List.tasks, 50 with their people in as many statements as 5', async () => {
    const listTasks = (user: string, first: number) =>
      statementsFor(
        user,
        first,
        ListTasksQuery,
        (data) => {
          expect(data.list?.tasks.totalCount).toBe(user === 'many-shared' ? 50 : 5);
          for (const { node } of data.list!.tasks.edges) expect(node.list?.id).toBe(String(sharedLists.get(user)));
        },
        { id: String(sharedLists.get(user)) },
        (data) => data.list!.tasks.edges,
      );
    const few = await listTasks('few-shared', 5);
    const many = await listTasks('many-shared', 50);
    expect(many.length, many.join('\n')).toBe(few.length);
  });
});
