/**
 * What the service reports to its metrics, as plain calls: domain code and transports depend on these
 * interfaces only, and the composition root decides where the numbers go (Prometheus, or nowhere).
 */

export interface ReminderMetrics {
  /** Reminders fired in one committed batch, each with how late it fired. */
  remindersFired(latenessSeconds: readonly number[]): void;
  /** Reminders recorded as missed in one committed batch. */
  remindersMissed(count: number): void;
}

export type WebhookAttemptOutcome = 'delivered' | 'retried' | 'failed';

export interface WebhookMetrics {
  /** An attempt whose result was recorded: its outcome, and how long the receiver took. */
  attemptRecorded(outcome: WebhookAttemptOutcome, durationSeconds: number): void;
  endpointDisabled(): void;
}

export type SubscriptionTransport = 'ws' | 'sse';

export interface TransportMetrics {
  /** One HTTP answer; `route` is the route's template (`/tasks/:id`), never the raw path. */
  requestFinished(method: string, route: string, status: number, durationSeconds: number): void;
  graphqlOperationFinished(name: string, type: string, durationSeconds: number): void;
  /** The `extensions.code` of each error in one GraphQL result. */
  graphqlErrors(codes: readonly string[]): void;
  subscriptionStarted(transport: SubscriptionTransport): void;
  subscriptionEnded(transport: SubscriptionTransport): void;
  /** A request or subscription refused by a rate limit (`scope`: user, address or capture). */
  rateLimited(scope: string): void;
}

export type ServiceMetrics = ReminderMetrics & WebhookMetrics & TransportMetrics;

const ignore = () => undefined;

/** Metrics that go nowhere: the default wherever no metrics were given (tests of one service, tools). */
export const noMetrics: ServiceMetrics = {
  remindersFired: ignore,
  remindersMissed: ignore,
  attemptRecorded: ignore,
  endpointDisabled: ignore,
  requestFinished: ignore,
  graphqlOperationFinished: ignore,
  graphqlErrors: ignore,
  subscriptionStarted: ignore,
  subscriptionEnded: ignore,
  rateLimited: ignore,
};
