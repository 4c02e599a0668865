import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

/**
 * Property-based fuzzing of the REST and GraphQL inputs, on each database: whatever arrives, the answer
 * is never a 5xx, every error has the documented shape, and a refused request changes nothing the
 * caller can see. Requests go through Fastify's inject (the whole HTTP pipeline, no socket), so a run
 * is thousands of requests in well under a minute; nothing leaves the process (webhook hosts "resolve"
 * to loopback, which the URL policy refuses).
 */
const RUNS = 2_100;
/** A fresh user every so many requests, so one list call (limit 200) always shows all of its tasks. */
const REQUESTS_PER_USER = 60;

// ---------- generators ----------

/** encodeURIComponent, which throws on a lone surrogate: then every UTF-8 byte (U+FFFD for it) is escaped. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '   x   ',
  '\u0000',
  '\uD800',
  '\uDC00x',
  '😀',
  'e\u0301',
  '\u202Eevil',
  'a'.repeat(501),
  'b'.repeat(10_001),
  '%',
  '%00',
  '../..',
  '{"a":1}',
  '<script>',
  "'; drop table tasks; --",
  '9223372036854775808',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
);
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }), oddStrings);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const dates = fc.oneof(
  fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2300-01-01') }).map((d) => d.toISOString()),
  fc.constantFrom('2030-01-01T09:00:00Z', '2030-01-01T09:00:00+05:30', '2030-13-01T00:00:00Z', '2030-02-30T00:00:00Z', '2030-01-01', 'tomorrow', '0000-00-00T00:00:00Z', '+275760-09-13T00:00:00.000Z'),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });

const validTask = fc.record(
  {
    title: fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() !== ''),
    description: fc.string({ maxLength: 40 }),
    dueAt: fc.option(fc.constant('2031-05-06T07:08:09Z'), { nil: null }),
    priority: fc.constantFrom('low', 'medium', 'high'),
  },
  { requiredKeys: ['title'] },
);
/** A task body with any field possibly broken, missing or of the wrong type, plus unknown fields. */
const fuzzyTask = fc.record(
  {
    title: fc.oneof(text, anyJson),
    description: fc.oneof(text, anyJson),
    dueAt: fc.oneof(dates, text, anyJson),
    priority: fc.oneof(fc.constantFrom('low', 'medium', 'high', 'LOW', 'urgent'), anyJson),
    remindBefore: fc.oneof(fc.constantFrom(0, 10, 30, 60, null, -1, 15, 1.5), fc.integer(), anyJson),
    status: fc.constantFrom('completed', 'pending'),
    id: fc.oneof(fc.integer(), text),
    constructor: fc.constant({ prototype: { admin: true } }),
  },
  { requiredKeys: [] },
);
const taskBody = fc.oneof(validTask, fuzzyTask, anyJson);

const idSegment = fc.oneof(
  fc.integer({ min: 1, max: 50 }).map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom('0', '-0', '01', '1.0', '1e3', '0x10', ' 1', '9223372036854775807', '9223372036854775808', 'x'.repeat(150)),
  // Past the router's 200-character parameter limit too: those are answered 414 in shape.
  text.map(encode).filter((segment) => segment.length > 0),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/graphql-response+json',
  undefined,
);
const rawBody = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom('', '{', '{"title":', '[]', 'null', '"x"', '{"title":"a"}{"title":"b"}', '{"title":"\\ud800"}', '\u0000'),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
);
const jsonOrRaw = (arb: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary: arb.map((v) => JSON.stringify(v) ?? '') }, { weight: 1, arbitrary: rawBody });
const query = (params: Record<string, fc.Arbitrary<string | undefined>>) =>
  fc.record(params).map((values) => {
    const pairs = Object.entries(values).filter(([, v]) => v !== undefined) as Array<[string, string]>;
    return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&')}` : '';
  });

interface FuzzRequest {
  kind: 'rest' | 'graphql';
  method: InjectOptions['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer | undefined;
  /** The caller's token is replaced by a broken one. */
  badToken?: string | undefined;
}

const withType = (type: string | undefined): Record<string, string> => {
  const headers: Record<string, string> = {};
  if (type) headers['content-type'] = type;
  return headers;
};

const restRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  fc.tuple(contentType, jsonOrRaw(taskBody)).map(([type, payload]) => ({ kind: 'rest' as const, method: 'POST' as const, url: '/tasks', headers: withType(type), payload })),
  query({ limit: maybe(fc.oneof(fc.integer({ min: -5, max: 300 }).map(String), text)), status: maybe(fc.oneof(fc.constantFrom('pending', 'completed', 'all'), text)) }).map(
    (q) => ({ kind: 'rest' as const, method: 'GET' as const, url: `/tasks${q}`, headers: {} }),
  ),
  fc.tuple(idSegment, fc.constantFrom(undefined, 'application/json', 'text/plain'), fc.constantFrom('', '', '{}', 'x')).map(([id, type, payload]) => ({
    kind: 'rest' as const,
    method: 'DELETE' as const,
    url: `/tasks/${id}`,
    headers: withType(type),
    payload,
  })),
  fc.tuple(
    query({ create: maybe(fc.oneof(fc.constantFrom('true', 'false', '1', ''), text)) }),
    contentType,
    jsonOrRaw(fc.oneof(fc.record({ text: fc.oneof(text, fc.constantFrom('buy milk tomorrow at 9', 'call mum friday 3pm !high'), anyJson), timeZone: maybe(fc.oneof(fc.constantFrom('Europe/Berlin', 'Mars/Base', 'UTC'), text)) }, { requiredKeys: [] }), anyJson)),
  ).map(([q, type, payload]) => ({ kind: 'rest' as const, method: 'POST' as const, url: `/capture${q}`, headers: withType(type), payload })),
  fc.tuple(
    contentType,
    jsonOrRaw(fc.oneof(fc.record({ url: fc.oneof(fc.constantFrom('https://hooks.fuzz.test/in', 'https://127.0.0.1/x', 'http://hooks.fuzz.test/', 'https://[::1]/'), text), events: fc.oneof(fc.constant(['task.created']), anyJson), description: fc.oneof(text, anyJson) }, { requiredKeys: [] }), anyJson)),
  ).map(([type, payload]) => ({ kind: 'rest' as const, method: 'POST' as const, url: '/webhooks', headers: withType(type), payload })),
  fc.tuple(idSegment, fc.constantFrom('PATCH', 'GET', 'DELETE'), jsonOrRaw(fc.oneof(fc.record({ enabled: anyJson, url: text, description: text }, { requiredKeys: [] }), anyJson))).map(([id, method, payload]) => ({
    kind: 'rest' as const,
    method: method as InjectOptions['method'],
    url: `/webhooks/${id}`,
    headers: withType(method === 'PATCH' ? 'application/json' : undefined),
    payload: method === 'PATCH' ? payload : undefined,
  })),
  fc.tuple(idSegment, query({ limit: maybe(text), state: maybe(text) })).map(([id, q]) => ({ kind: 'rest' as const, method: 'GET' as const, url: `/webhooks/${id}/deliveries${q}`, headers: {} })),
  fc.tuple(fc.constantFrom('/auth/token', '/auth/exchange'), fc.constantFrom('application/json', 'application/x-www-form-urlencoded'), fc.record({ grant_type: maybe(text), refresh_token: maybe(text), code: maybe(text) })).map(
    ([url, type, fields]) => ({
      kind: 'rest' as const,
      method: 'POST' as const,
      url,
      headers: { 'content-type': type },
      payload: type === 'application/json' ? JSON.stringify(fields) : new URLSearchParams(Object.entries(fields).filter(([, v]) => v !== undefined) as Array<[string, string]>).toString(),
    }),
  ),
  fc.tuple(fc.constantFrom('PUT', 'PATCH', 'OPTIONS', 'HEAD'), fc.constantFrom('/tasks', '/tasks/1', '/capture', '/webhooks')).map(([method, url]) => ({ kind: 'rest' as const, method: method as InjectOptions['method'], url, headers: {} })),
  fc.tuple(text, fc.constantFrom('/tasks', '/webhooks')).map(([token, url]) => ({ kind: 'rest' as const, method: 'GET' as const, url, headers: {}, badToken: token })),
);

const OPERATIONS = [
  'mutation ($input: CreateTaskInput!) { createTask(input: $input) { id title status dueAt reminder } }',
  'mutation ($input: UpdateTaskInput!) { updateTask(input: $input) { id title } }',
  'mutation ($id: ID!) { completeTask(id: $id) { id status } }',
  'mutation ($id: ID!) { reopenTask(id: $id) { id status } }',
  'mutation ($id: ID!) { deleteTask(id: $id) { id } }',
  'mutation ($timeZone: String!) { setTimeZone(timeZone: $timeZone) { timeZone } }',
  'mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { id } }',
  'mutation ($input: CaptureTaskInput!) { captureTask(input: $input) { title } }',
  'query ($first: Int, $after: String, $filter: TaskFilter) { tasks(first: $first, after: $after, filter: $filter) { totalCount edges { cursor node { id } } } }',
  'query ($id: ID!) { task(id: $id) { id title } }',
  'query ($tz: String) { today(timeZone: $tz) { totalCount } }',
];
const TOKENS = ['{', '}', '(', ')', '[', ']', ':', '$x', '...', '@include', 'query', 'mutation', 'subscription', 'fragment', 'on', 'tasks', 'task', 'id', 'title', 'createTask', 'input', 'first', '1', '-1', '1e999', '"s"', '"""b"""', 'null', 'true', '__typename', '__schema', '#c\n', ',', '!', '=', '&', 'Int', 'String'];

const variables = fc.oneof(
  fc.record({ input: fc.oneof(taskBody, fc.record({ id: idSegment, title: text, reminder: fc.oneof(fc.constantFrom('AT_TIME', 'HOUR_1', 'NEVER'), anyJson) }, { requiredKeys: [] }), anyJson), id: idSegment, timeZone: text, first: fc.oneof(fc.integer({ min: -10, max: 500 }), anyJson), after: text, tz: text, filter: anyJson }, { requiredKeys: [] }),
  anyJson,
);
const graphqlRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  fc.tuple(fc.constantFrom(...OPERATIONS), variables, maybe(text)).map(([q, v, operationName]) => ({
    kind: 'graphql' as const,
    method: 'POST' as const,
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ query: q, variables: v, operationName }),
  })),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((tokens) => ({
    kind: 'graphql' as const,
    method: 'POST' as const,
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ query: tokens.join(' ') }),
  })),
  fc.tuple(contentType, jsonOrRaw(fc.oneof(fc.record({ query: fc.oneof(text, anyJson), variables: anyJson, operationName: anyJson, extensions: anyJson }, { requiredKeys: [] }), anyJson))).map(([type, payload]) => ({
    kind: 'graphql' as const,
    method: 'POST' as const,
    url: '/graphql',
    headers: withType(type),
    payload,
  })),
  fc.tuple(text, maybe(text)).map(([q, v]) => ({
    kind: 'graphql' as const,
    method: 'GET' as const,
    url: `/graphql?query=${encode(q)}${v === undefined ? '' : `&variables=${encode(v)}`}`,
    headers: { accept: 'application/json' },
  })),
);

/** Requests a client would really send, so that the data changes between the refusals. */
const plausibleRequests: fc.Arbitrary<FuzzRequest> = fc.oneof(
  validTask.map((task) => ({ kind: 'rest' as const, method: 'POST' as const, url: '/tasks', headers: withType('application/json'), payload: JSON.stringify(task) })),
  fc.integer({ min: 1, max: 400 }).map((id) => ({ kind: 'rest' as const, method: 'DELETE' as const, url: `/tasks/${id}`, headers: {} })),
  fc.constantFrom('pending', 'completed', 'all').map((status) => ({ kind: 'rest' as const, method: 'GET' as const, url: `/tasks?status=${status}`, headers: {} })),
  validTask.map((input) => ({
    kind: 'graphql' as const,
    method: 'POST' as const,
    url: '/graphql',
    headers: withType('application/json'),
    payload: JSON.stringify({ query: OPERATIONS[0], variables: { input: { ...input, priority: input.priority?.toUpperCase() } } }),
  })),
  fc.tuple(fc.integer({ min: 1, max: 400 }), fc.constantFrom(2, 3, 4)).map(([id, operation]) => ({
    kind: 'graphql' as const,
    method: 'POST' as const,
    url: '/graphql',
    headers: withType('application/json'),
    payload: JSON.stringify({ query: OPERATIONS[operation], variables: { id: String(id) } }),
  })),
);

// ---------- checks ----------

function parseJson(response: LightMyRequestResponse): unknown {
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}

/** What makes an answer "in shape"; a message naming the first thing that is not. */
function shapeProblem(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `server error ${response.statusCode}: ${response.body.slice(0, 300)}`;
  const body = parseJson(response) as Record<string, unknown> | undefined;
  if (request.kind === 'rest' || !request.url.startsWith('/graphql') || (response.statusCode >= 400 && body && 'error' in body)) {
    if (response.statusCode < 400) return undefined;
    if (request.method === 'HEAD') return undefined;
    if (!/^application\/json/.test(String(response.headers['content-type']))) return `error without a JSON body: ${response.statusCode}`;
    const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
    if (keys !== 'error,message' || body!.error !== response.statusCode || typeof body!.message !== 'string' || body!.message === '') {
      return `error not {error, message}: ${response.statusCode} ${response.body.slice(0, 300)}`;
    }
    return undefined;
  }
  // GraphQL: JSON with data and/or errors; every error has a message and a code.
  if (!body || typeof body !== 'object') return `GraphQL answer is not JSON: ${response.statusCode} ${response.body.slice(0, 200)}`;
  const errors = body.errors as Array<{ message?: unknown; extensions?: { code?: unknown } }> | undefined;
  if (response.statusCode >= 400 && !errors?.length) return `GraphQL ${response.statusCode} without errors`;
  for (const error of errors ?? []) {
    if (typeof error.message !== 'string' || typeof error.extensions?.code !== 'string') return `GraphQL error without message or code: ${JSON.stringify(error)}`;
    if (error.extensions.code === 'INTERNAL_SERVER_ERROR') return `GraphQL server error: ${JSON.stringify(error)}`;
  }
  return undefined;
}

function refused(request: FuzzRequest, response: LightMyRequestResponse): boolean {
  if (response.statusCode >= 400) return true;
  if (request.kind !== 'graphql') return false;
  const body = parseJson(response) as { data?: Record<string, unknown> | null; errors?: unknown[] } | undefined;
  if (!body?.errors?.length) return false;
  return !body.data || Object.values(body.data).every((value) => value === null);
}

describe.each(PROVIDERS)('fuzzed REST and GraphQL requests on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    // Every webhook host "resolves" to loopback, which the URL policy refuses: nothing is ever sent.
    service = await startTestService(provider, { resolveHost: async () => [{ address: '127.0.0.1', family: 4 }] });
  });
  afterAll(async () => service?.close());

  it(`answers ${RUNS} generated requests without a 5xx, every error in shape, and a refused request changes nothing`, async () => {
    let sent = 0;
    let refusals = 0;
    let successes = 0;
    let user = '';
    let authorization = '';
    let snapshot = '';
    const view = async () => {
      const headers = { authorization };
      const [tasks, webhooks] = await Promise.all([
        service.app.inject({ method: 'GET', url: '/tasks?status=all&limit=200', headers }),
        service.app.inject({ method: 'GET', url: '/webhooks', headers }),
      ]);
      return `${tasks.body}\n${webhooks.body}`;
    };

    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 1, arbitrary: plausibleRequests }, { weight: 2, arbitrary: restRequests }, { weight: 2, arbitrary: graphqlRequests }), async (request) => {
        if (sent % REQUESTS_PER_USER === 0) {
          user = `fuzz-${provider}-${sent / REQUESTS_PER_USER}`;
          authorization = `Bearer ${await service.token(user)}`;
          await service.app.inject({ method: 'POST', url: '/tasks', headers: { authorization, 'content-type': 'application/json' }, payload: { title: 'Seed', dueAt: '2030-01-01T00:00:00Z', remindBefore: 10 } });
          snapshot = await view();
        }
        sent += 1;
        const headers = { ...request.headers, authorization: request.badToken === undefined ? authorization : `Bearer ${request.badToken}` };
        const response = await service.app.inject({ method: request.method, url: request.url, headers, ...(request.payload === undefined ? {} : { payload: request.payload }) });
        const problem = shapeProblem(request, response);
        if (problem) throw new Error(`${request.method} ${request.url}: ${problem}`);
        if (refused(request, response)) {
          refusals += 1;
          const after = await view();
          if (after !== snapshot) throw new Error(`refused ${request.method} ${request.url} (${response.statusCode}) changed the caller's data`);
        } else {
          successes += 1;
          if (request.method !== 'GET') snapshot = await view();
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(2_000);
    // The generators reach both sides: many refusals, and enough accepted requests to change data.
    expect(refusals).toBeGreaterThan(RUNS / 4);
    expect(successes).toBeGreaterThan(RUNS / 10);
  }, 180_000);
});
