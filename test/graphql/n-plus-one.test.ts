import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from '../support/graphql-client.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { CreateTaskMutation, TasksWithNextReminderQuery, TasksWithRemindersQuery } from './documents.js';

/**
 * Statements of background work (outbox relay, reminder sweeps, webhook delivery and pruning, job
 * queue) and transaction control, which the request's reads do not use.
 */
const BACKGROUND = /"?events"?\b|fire_at\s*<=|webhook_|agenda|_jobs|\bjobs\b|^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

interface TaskPageData {
  tasks: { edges: Array<{ node: { nextReminderAt?: string | null } }> };
}

describe.each(PROVIDERS)('nested GraphQL queries on %s', (provider) => {
  let service: TestService;
  let recording: string[] | undefined;
  beforeAll(async () => {
    service = await startTestService(provider, { onDatabaseQuery: (sql) => recording?.push(sql) });
    for (const [user, count] of [['few', 5], ['many', 50]] as const) {
      for (let i = 0; i < count; i += 1) {
        await graphqlData(service, user, CreateTaskMutation, {
          input: { title: `task ${i}`, dueAt: new Date(Date.now() + (i + 2) * 3_600_000).toISOString(), reminder: 'MINUTES_10' },
        });
      }
    }
  });
  afterAll(async () => service?.close());

  /**
   * The statements one request sends. Background work can interleave with a request on a busy machine
   * and only ever adds statements, so the fewest of three runs is the request's own count.
   */
  async function statementsFor<T extends TaskPageData>(
    user: string,
    first: number,
    document: TypedDocumentNode<T, { first?: number | null }>,
    check: (data: T) => void,
  ): Promise<string[]> {
    await graphqlData(service, user, document, { first }); // warms caches (user record, token)
    let fewest: string[] | undefined;
    for (let run = 0; run < 3; run += 1) {
      recording = [];
      const data = await graphqlData(service, user, document, { first });
      const statements = recording.filter((sql) => !BACKGROUND.test(sql));
      recording = undefined;
      expect(data.tasks.edges).toHaveLength(first);
      expect(data.tasks.edges.every((edge) => edge.node.nextReminderAt != null)).toBe(true);
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
    // The page (dated tasks, then undated ones) and one read of the reminders for the whole page, which
    // reminderSchedule and nextReminderAt share.
    expect(many.filter((sql) => /reminders/.test(sql)), many.join('\n')).toHaveLength(1);
    expect(many.length).toBeLessThanOrEqual(3);
  });

  it('reads the reminders once per page for nextReminderAt alone, however many tasks the page holds', async () => {
    const nextOnly = (user: string, first: number) => statementsFor(user, first, TasksWithNextReminderQuery, () => undefined);
    const few = await nextOnly('few', 5);
    const many = await nextOnly('many', 50);
    expect(many.length, many.join('\n')).toBe(few.length);
    expect(many.filter((sql) => /reminders/.test(sql))).toHaveLength(1);
    expect(many.length).toBeLessThanOrEqual(3);
  });
});
