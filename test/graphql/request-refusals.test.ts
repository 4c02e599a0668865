import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';

interface GraphqlBody {
  data?: unknown;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** Refusals that graphql-js or Yoga make themselves, found by the fuzzing test: each gets a code and a body. */
describe('GraphQL refusals made before any resolver runs', () => {
  let service: TestService;
  let authorization: string;
  beforeAll(async () => {
    service = await startTestService('sqlite');
    authorization = `Bearer ${await service.token('refusals')}`;
  });
  afterAll(async () => service?.close());

  async function send(init: RequestInit & { path?: string }): Promise<{ status: number; body: GraphqlBody }> {
    const response = await fetch(`${service.url}${init.path ?? '/graphql'}`, { ...init, headers: { authorization, ...init.headers } });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as GraphqlBody };
  }

  it('answers variables that are missing or of the wrong type with BAD_USER_INPUT', async () => {
    for (const variables of [{}, { input: 5 }, { input: { title: 7 } }, { input: { title: 'x', dueAt: 'soon' } }]) {
      const { body } = await send({
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation ($input: CreateTaskInput!) { createTask(input: $input) { id } }', variables }),
      });
      expect((body.data as { createTask?: unknown } | null)?.createTask ?? null, JSON.stringify(variables)).toBeNull();
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
  });

  it('answers malformed JSON in GET parameters with 400 BAD_USER_INPUT, not an internal error', async () => {
    const { status, body } = await send({ method: 'GET', path: `/graphql?query=${encodeURIComponent('{ me { id } }')}&variables=ak`, headers: { accept: 'application/json' } });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers an unsupported Content-Type with 415 and a body in shape, never an empty one', async () => {
    const response = await fetch(`${service.url}/graphql`, { method: 'POST', headers: { authorization, 'content-type': 'text/plain' }, body: '{ me { id } }' });
    expect(response.status).toBe(415);
    const body = (await response.json()) as GraphqlBody & { error?: number; message?: string };
    // The host refuses the body before Yoga sees it ({error, message}); were it Yoga, a GraphQL error.
    if (body.errors) expect(body.errors[0]?.extensions?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    else expect(body).toEqual({ error: 415, message: expect.any(String) });
  });
});
