import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from '../support/graphql-client.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { CreateTaskMutation, TasksWithRemindersQuery } from './documents.js';

/**
 * Statements of background work (outbox relay, reminder sweeps, job queue) and transaction control,
 * which the request's reads do not use.
 */
const BACKGROUND = /"?events"?\b|fire_at\s*<=|agenda|_jobs|\bjobs\b|^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

describe.each(PROVIDERS)('nested GraphQL queries on %s', (provider) => {
  let service: TestService;
  let recording: string[] | undefined;
  beforeAll(async () => {
    service = await startTestService(provider, { onDatabaseQuery: (sql) => recording?.push(sql) });
  });
  afterAll(async () => service?.close());

  /**
   * The statements one request sends. Background work can interleave with a request on a busy machine
   * and only ever adds statements, so the fewest of three runs is the request's own count.
   */
  async function statementsFor(user: string, first: number): Promise<string[]> {
    await graphqlData(service, user, TasksWithRemindersQuery, { first }); // warms caches (user record, token)
    let fewest: string[] | undefined;
    for (let run = 0; run < 3; run += 1) {
      recording = [];
      const data = await graphqlData(service, user, TasksWithRemindersQuery, { first });
      const statements = recording.filter((sql) => !BACKGROUND.test(sql));
      recording = undefined;
      expect(data.tasks.edges).toHaveLength(first);
      expect(data.tasks.edges.every((edge) => edge.node.reminder?.state === 'SCHEDULED')).toBe(true);
      if (!fewest || statements.length < fewest.length) fewest = statements;
    }
    return fewest!;
  }

  it('loads 50 tasks with their reminders in as many SQL statements as 5 tasks', async () => {
    for (const [user, count] of [['few', 5], ['many', 50]] as const) {
      for (let i = 0; i < count; i += 1) {
        await graphqlData(service, user, CreateTaskMutation, {
          input: { title: `task ${i}`, dueAt: new Date(Date.now() + (i + 2) * 3_600_000).toISOString(), remindBefore: 10 },
        });
      }
    }
    const few = await statementsFor('few', 5);
    const many = await statementsFor('many', 50);
    expect(many.length, many.join('\n')).toBe(few.length);
    expect(many.length).toBeLessThanOrEqual(4);
  });
});
