import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OutboxBacklog } from '../events/outbox-backlog.js';
import type { Logger } from '../logger.js';
import type { ServiceMetrics, SubscriptionTransport } from './service-metrics.js';

/** The database reads behind the backlog gauges, made when Prometheus scrapes. */
export interface BacklogReads {
  outbox(): Promise<OutboxBacklog>;
  pendingWebhookDeliveries(): Promise<number>;
  /** Mails waiting to be sent (absent: the gauge stays 0). */
  pendingEmailDeliveries?(): Promise<number>;
}

export interface PrometheusMetrics extends ServiceMetrics {
  contentType: string;
  /** The text exposition of every metric, with the backlog gauges read now. */
  render(): Promise<string>;
}

export interface PrometheusMetricsOptions {
  backlog: BacklogReads;
  now: () => Date;
  logger: Logger;
}

/** A scrape waits at most this long for the backlog reads; a failing database keeps the last values. */
const BACKLOG_READ_TIMEOUT_MS = 2_000;
/** Operation names are chosen by clients: past this many distinct ones, new names count as "(other)". */
const MAX_OPERATION_NAMES = 200;
const LATENESS_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800, 3600];
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WEBHOOK_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** prom-client default gauges dropped from the registry (see below). */
const GAUGES_NAMED_LIKE_COUNTERS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/**
 * Prometheus metrics of one service instance, in a registry of its own (no global one: several services
 * in one process, as in tests, each keep their own numbers). Counters and histograms are moved by the
 * code that does the work; the backlog gauges are read from the database at scrape time, so every
 * instance reports the same shared backlog.
 */
export function createPrometheusMetrics(options: PrometheusMetricsOptions): PrometheusMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters (promtool: "non-counter metrics should not have _total suffix"); the sum
  // of their per-type gauges (nodejs_active_handles, ...) is the same number.
  for (const name of GAUGES_NAMED_LIKE_COUNTERS) registry.removeSingleMetric(name);

  const metrics = registerServiceMetrics(registry);
  const { httpDuration, graphqlDuration, graphqlErrors, remindersFired, remindersMissed, lateness } = metrics;
  const { deliveries, deliveryDuration, endpointsDisabled, subscriptions, rateLimited } = metrics;
  const readBacklog = () => readBacklogGauges(options, metrics);

  // Children by label values: looking them up by name on every request costs more than the observation.
  const httpChildren = new Map<string, ReturnType<typeof httpDuration.labels>>();
  const operationNames = new Set<string>();
  const operationLabel = (name: string) => {
    if (operationNames.has(name)) return name;
    if (operationNames.size >= MAX_OPERATION_NAMES) return '(other)';
    operationNames.add(name);
    return name;
  };

  return {
    contentType: registry.contentType,
    async render() {
      await readBacklog();
      return registry.metrics();
    },
    requestFinished(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = httpChildren.get(key);
      if (!child) {
        child = httpDuration.labels(method, route, String(status));
        httpChildren.set(key, child);
      }
      child.observe(seconds);
    },
    graphqlOperationFinished(name, type, seconds) {
      graphqlDuration.labels(operationLabel(name), type).observe(seconds);
    },
    graphqlErrors(codes) {
      for (const code of codes) graphqlErrors.labels(code).inc();
    },
    subscriptionStarted(transport: SubscriptionTransport) {
      subscriptions.labels(transport).inc();
    },
    subscriptionEnded(transport: SubscriptionTransport) {
      subscriptions.labels(transport).dec();
    },
    rateLimited(scope) {
      rateLimited.labels(scope).inc();
    },
    remindersFired(latenessSeconds) {
      remindersFired.inc(latenessSeconds.length);
      for (const seconds of latenessSeconds) lateness.observe(seconds);
    },
    remindersMissed(count) {
      remindersMissed.inc(count);
    },
    attemptRecorded(outcome, seconds) {
      deliveries.labels(outcome).inc();
      deliveryDuration.observe(seconds);
    },
    endpointDisabled() {
      endpointsDisabled.inc();
    },
  };
}

/** The service's own metrics (names, help, labels, buckets), registered in `registry`, each series present from the start. */
function registerServiceMetrics(registry: Registry) {
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const graphqlDuration = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'GraphQL operations executed, by operation name and type (subscriptions: until the stream is set up)',
    labelNames: ['operation_name', 'operation_type'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const graphqlErrors = new Counter({
    name: 'graphql_errors_total',
    help: 'Errors in GraphQL results, by extensions.code',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const remindersFired = new Counter({ name: 'reminders_fired_total', help: 'Reminders fired', registers: [registry] });
  const remindersMissed = new Counter({
    name: 'reminders_missed_total',
    help: 'Reminders recorded as missed (their task was due longer than REMINDER_GRACE when they could fire)',
    registers: [registry],
  });
  const lateness = new Histogram({
    name: 'reminder_lateness_seconds',
    help: 'How late reminders fired after their planned time',
    buckets: LATENESS_BUCKETS,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook attempts recorded, by outcome: delivered, retried (failed, another attempt planned), failed (no attempt left)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const deliveryDuration = new Histogram({
    name: 'webhook_delivery_duration_seconds',
    help: 'How long webhook attempts took, receiver answer included',
    buckets: WEBHOOK_BUCKETS,
    registers: [registry],
  });
  const endpointsDisabled = new Counter({
    name: 'webhook_endpoints_disabled_total',
    help: 'Webhook endpoints disabled after failing (410 Gone, or failing longer than WEBHOOK_DISABLE_AFTER)',
    registers: [registry],
  });
  const subscriptions = new Gauge({
    name: 'subscriptions_active',
    help: 'GraphQL subscriptions this instance is serving, by transport',
    labelNames: ['transport'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'rate_limited_total',
    help: 'Requests and subscription starts refused with 429, by the budget they exceeded (user, address, capture)',
    labelNames: ['scope'] as const,
    registers: [registry],
  });
  const pending = new Gauge({
    name: 'webhook_deliveries_pending',
    help: 'Webhook deliveries waiting for an attempt (shared by every instance)',
    registers: [registry],
  });
  const pendingEmail = new Gauge({
    name: 'email_deliveries_pending',
    help: 'Mails (reminders, confirmations, digests) waiting to be sent, first attempt or retry (shared by every instance)',
    registers: [registry],
  });
  const unpublished = new Gauge({
    name: 'outbox_events_unpublished',
    help: 'Events committed but not yet published to subscribers (shared by every instance)',
    registers: [registry],
  });
  const oldestAge = new Gauge({
    name: 'outbox_oldest_unpublished_age_seconds',
    help: 'Age of the oldest unpublished event: the outbox relay lag (0 when none waits)',
    registers: [registry],
  });
  for (const transport of ['ws', 'sse'] as const) subscriptions.labels(transport).set(0);
  for (const outcome of ['delivered', 'retried', 'failed'] as const) deliveries.labels(outcome).inc(0);
  return {
    httpDuration,
    graphqlDuration,
    graphqlErrors,
    remindersFired,
    remindersMissed,
    lateness,
    deliveries,
    deliveryDuration,
    endpointsDisabled,
    subscriptions,
    rateLimited,
    pending,
    pendingEmail,
    unpublished,
    oldestAge,
  };
}

type BacklogGauges = Pick<ReturnType<typeof registerServiceMetrics>, 'pending' | 'pendingEmail' | 'unpublished' | 'oldestAge'>;

/** Reads the shared backlog into its gauges, within BACKLOG_READ_TIMEOUT_MS; on failure they keep their last values. */
async function readBacklogGauges(options: PrometheusMetricsOptions, gauges: BacklogGauges): Promise<void> {
  const timeout = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error('backlog reads timed out')), BACKLOG_READ_TIMEOUT_MS).unref();
  });
  try {
    const [outbox, waiting, mails] = await Promise.race([
      Promise.all([options.backlog.outbox(), options.backlog.pendingWebhookDeliveries(), options.backlog.pendingEmailDeliveries?.() ?? 0]),
      timeout,
    ]);
    gauges.pendingEmail.set(mails);
    gauges.unpublished.set(outbox.unpublished);
    gauges.oldestAge.set(outbox.oldestAt ? Math.max(0, (options.now().getTime() - outbox.oldestAt.getTime()) / 1000) : 0);
    gauges.pending.set(waiting);
  } catch (error) {
    options.logger.warn({ err: error }, 'metrics: could not read the backlog gauges; they keep their last values');
  }
}
