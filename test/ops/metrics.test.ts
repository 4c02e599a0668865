import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateTaskMutation, MeQuery, TaskChangedSubscription } from '../graphql/documents.js';
import { graphqlData, graphqlRequest, openWsClient, subscribeSse, subscribeWs } from '../support/graphql-client.js';
import { externalTool } from '../support/external-tool.js';
import { scrapeMetrics } from '../support/prometheus.js';
import { seedReminders } from '../support/seed-reminders.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/support/receiver.js';
import { QUICK_BACKGROUND_ENV } from './quick-background-env.js';

const METRICS_TOKEN = 'metrics-token-0123456789';
const promtool = externalTool('/usr/bin/promtool', 'Debian package prometheus');

describe.each(PROVIDERS)('Prometheus metrics on %s', (provider) => {
  let service: TestService;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    service = await startTestService(provider, {
      env: { ...QUICK_BACKGROUND_ENV, RATE_LIMIT_ADDRESS: '5' },
    });
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
    await service?.close();
  });

  const scrape = () => scrapeMetrics(service.url);

  it('serves the text exposition to loopback clients, with process and Node defaults', async () => {
    const response = await fetch(`${service.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = await scrape();
    expect(metrics.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(metrics.text).toContain('nodejs_eventloop_lag_seconds');
    expect(metrics.text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(metrics.text).toContain('nodejs_heap_size_used_bytes');
  });

  it('times HTTP requests by method, route template and status, never by raw path', async () => {
    const before = await scrape();
    const labels = { method: 'DELETE', route: '/tasks/:id', status: '404' };
    for (const id of [987654, 987655, 987656]) {
      expect((await service.request('metrics-user', `/tasks/${id}`, { method: 'DELETE' })).status).toBe(404);
    }
    const after = await scrape();
    expect(after.count('http_request_duration_seconds_count', labels) - before.count('http_request_duration_seconds_count', labels)).toBe(3);
    expect(after.value('http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(after.text).not.toContain('/tasks/987654');
  });

  it('times GraphQL operations by name and type and counts their errors by extensions.code', async () => {
    const before = await scrape();
    await graphqlData(service, 'metrics-user', MeQuery);
    await graphqlData(service, 'metrics-user', CreateTaskMutation, { input: { title: 'Counted' } });
    const refused = await graphqlRequest(service, null, MeQuery);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const invalid = await graphqlRequest(service, 'metrics-user', '{ nope }');
    expect(invalid.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => after.count(name, labels) - before.count(name, labels);
    expect(moved('graphql_operation_duration_seconds_count', { operation_name: 'Me', operation_type: 'query' })).toBe(1);
    expect(moved('graphql_operation_duration_seconds_count', { operation_name: 'CreateTask', operation_type: 'mutation' })).toBe(1);
    expect(moved('graphql_errors_total', { code: 'UNAUTHENTICATED' })).toBe(1);
    expect(moved('graphql_errors_total', { code: 'GRAPHQL_VALIDATION_FAILED' })).toBe(1);
  });

  it('counts live subscriptions by transport while they last', async () => {
    const ws = openWsClient(service, `Bearer ${await service.token('metrics-sub')}`);
    const wsSubscription = subscribeWs(ws, TaskChangedSubscription);
    const sse = await subscribeSse(service, 'metrics-sub', TaskChangedSubscription);
    try {
      await waitUntil(async () => (await scrape()).count('subscriptions_active', { transport: 'ws' }) === 1, 'a ws subscription');
      await waitUntil(async () => (await scrape()).count('subscriptions_active', { transport: 'sse' }) === 1, 'an sse subscription');
    } finally {
      wsSubscription.close();
      await ws.dispose();
      sse.close();
    }
    await waitUntil(async () => {
      const metrics = await scrape();
      return metrics.count('subscriptions_active', { transport: 'ws' }) === 0 && metrics.count('subscriptions_active', { transport: 'sse' }) === 0;
    }, 'both subscriptions to end');
  });

  it('counts fired reminders with their lateness, and missed ones', async () => {
    const before = await scrape();
    const dueAt = new Date(Date.now() + 1_500).toISOString();
    const created = await service.request('metrics-reminders', '/tasks', jsonRequest('POST', { title: 'Soon', dueAt, remindBefore: 0 }));
    expect(created.status).toBe(201);
    // Its task was due two hours ago, past the one-hour grace: recorded as missed, not fired.
    await seedReminders(provider, service.databaseUrl, {
      userId: 'metrics-reminders',
      count: 2,
      fireAt: () => new Date(Date.now() - 2 * 3_600_000),
      offsetMinutes: 0,
    });
    await waitUntil(async () => {
      const metrics = await scrape();
      return (
        metrics.count('reminders_fired_total') - before.count('reminders_fired_total') === 1 &&
        metrics.count('reminders_missed_total') - before.count('reminders_missed_total') === 2
      );
    }, 'one reminder fired and two missed');
    const after = await scrape();
    expect(after.count('reminder_lateness_seconds_count') - before.count('reminder_lateness_seconds_count')).toBe(1);
    expect(after.count('reminder_lateness_seconds_bucket', { le: '+Inf' })).toBeGreaterThanOrEqual(1);
  });

  it('counts webhook attempts by outcome, their duration, disabled endpoints and the pending backlog', async () => {
    const failing = await startReceiver(() => ({ status: 500, body: 'down' }));
    const gone = await startReceiver(() => ({ status: 410, body: 'gone' }));
    const healthy = await startReceiver();
    receivers.push(failing, gone, healthy);
    const before = await scrape();
    for (const [user, receiver] of [['hooks-failing', failing], ['hooks-gone', gone], ['hooks-ok', healthy]] as const) {
      expect((await service.request(user, '/webhooks', jsonRequest('POST', { url: receiver.url }))).status).toBe(201);
      expect((await service.request(user, '/tasks', jsonRequest('POST', { title: 'Hook me' }))).status).toBe(201);
    }
    const moved = async () => {
      const now = await scrape();
      return (outcome: string) =>
        now.count('webhook_deliveries_total', { outcome }) - before.count('webhook_deliveries_total', { outcome });
    };
    await waitUntil(async () => {
      const by = await moved();
      return by('delivered') >= 1 && by('retried') >= 1 && by('failed') >= 1;
    }, 'a delivered, a retried and a failed attempt');
    const after = await scrape();
    expect(after.count('webhook_endpoints_disabled_total') - before.count('webhook_endpoints_disabled_total')).toBe(1);
    expect(after.count('webhook_delivery_duration_seconds_count') - before.count('webhook_delivery_duration_seconds_count')).toBeGreaterThanOrEqual(3);
    // The failing receiver's delivery waits an hour for its retry.
    expect(after.count('webhook_deliveries_pending')).toBeGreaterThanOrEqual(1);
  });

  it('shows the outbox backlog and its age while the relay stands still, and 0 once it caught up', async () => {
    await service.relay.stop();
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await service.request('metrics-outbox', '/tasks', jsonRequest('POST', { title: `Backlog ${i}` }))).status).toBe(201);
      }
      // The age grows while nothing is published: it reaches a second without the relay.
      await waitUntil(async () => (await scrape()).count('outbox_oldest_unpublished_age_seconds') >= 1, 'the backlog to be a second old');
      expect((await scrape()).count('outbox_events_unpublished')).toBeGreaterThanOrEqual(3);
    } finally {
      service.relay.start();
    }
    await waitUntil(async () => (await scrape()).count('outbox_events_unpublished') === 0, 'the relay to catch up');
    expect((await scrape()).count('outbox_oldest_unpublished_age_seconds')).toBe(0);
  });

  it('counts requests refused by a rate limit', async () => {
    const before = await scrape();
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i += 1) status = (await fetch(`${service.url}/tasks`)).status;
    expect(status).toBe(429);
    const after = await scrape();
    expect(after.count('rate_limited_total', { scope: 'address' }) - before.count('rate_limited_total', { scope: 'address' })).toBe(1);
  });

  it('exposes no gauge named like a counter: the active handles, requests and resources totals are not there, their per-type gauges are', async () => {
    const { text } = await scrape();
    for (const name of ['nodejs_active_handles', 'nodejs_active_requests', 'nodejs_active_resources']) {
      expect(text).toContain(`# TYPE ${name} gauge`);
      expect(text).not.toContain(`${name}_total`);
    }
    const gaugesEndingInTotal = [...text.matchAll(/^# TYPE (\w+_total) (\w+)$/gm)].filter((match) => match[2] !== 'counter').map((match) => match[1]);
    expect(gaugesEndingInTotal).toEqual([]);
  });

  // Last, so that every metric family has samples by now (reminders, webhooks, subscriptions, refusals).
  it.skipIf(promtool.skip)('passes `promtool check metrics` as Prometheus would scrape it', async () => {
    promtool.assertPresent();
    const response = await fetch(`${service.url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const checked = spawnSync(promtool.file, ['check', 'metrics'], { input: text, encoding: 'utf8', timeout: 20_000 });
    expect(checked.error).toBeUndefined();
    expect(`${checked.stdout}${checked.stderr}`).toBe('');
    expect(checked.status).toBe(0);
  });
});

describe('access to /metrics', () => {
  let open: TestService;
  let guarded: TestService;
  beforeAll(async () => {
    open = await startTestService('sqlite', { env: { TRUST_PROXY: 'true' } });
    guarded = await startTestService('sqlite', { env: { METRICS_TOKEN } });
  });
  afterAll(async () => {
    await open?.close();
    await guarded?.close();
  });

  it('is refused with a 404 to a client that is not on loopback, as a trusted proxy names it', async () => {
    const response = await fetch(`${open.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 404, message: 'No route GET /metrics' });
  });

  it('is refused to a loopback client whose request came through a proxy that is not trusted', async () => {
    const untrusted = await startTestService('sqlite');
    try {
      expect((await fetch(`${untrusted.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
      expect((await fetch(`${untrusted.url}/metrics`)).status).toBe(200);
    } finally {
      await untrusted.close();
    }
  });

  it('needs the bearer token when METRICS_TOKEN is set, even from loopback', async () => {
    expect((await fetch(`${guarded.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(404);
    const scrape = await scrapeMetrics(guarded.url, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scrape.text).toContain('http_request_duration_seconds');
  });
});
