import type { CaptureDeps } from '../capture/capture-task.js';
import type { ServiceContext } from '../context.js';
import type { FollowDeps } from '../events/follow-events.js';
import type { WebhookRegistrationDeps } from '../webhooks/webhook-url-policy.js';
import type { PushDeps } from '../push/push-deps.js';
import type { EmailDeps } from '../email/email-deps.js';

/** What every resolver gets: the authenticated caller's service context and what subscriptions follow. */
export interface GraphqlContext {
  caller: ServiceContext;
  /** The outbox and the live event bus, for subscriptions. */
  events: FollowDeps;
  /** An SSE client's Last-Event-ID header: where its subscription resumes (over any `after` argument). */
  lastEventId?: string | undefined;
  /** The id of the event behind the subscription's latest result (SSE sends it as the `id:` line). */
  delivered: { eventId?: string };
  /** What captureTask hands to the capture service: the AI provider (if any), local OCR, defaults. */
  capture: CaptureDeps;
  /** Where webhook endpoints may point (checked on registration and URL changes). */
  webhooks: WebhookRegistrationDeps;
  /** The service's VAPID key and the endpoint policy for push subscriptions. */
  push: PushDeps;
  /** Whether email is on, and where its links point (PATCH /me's and updateMe's address). */
  email: EmailDeps;
  /** The request's Accept-Language header (HTTP only): a capture language when nothing closer says. */
  acceptLanguage?: string | undefined;
  /** The request's Idempotency-Key header (HTTP only); create mutations also take it as an argument. */
  idempotencyKey?: string | undefined;
  /** Aborted when the client goes away or the server shuts down: live subscriptions end then. */
  signal: AbortSignal;
}

/** A file of a GraphQL multipart request as Yoga hands it over: a WHATWG File, read whole into memory. */
export interface UploadedFile {
  readonly name: string;
  /** The client's Content-Type for the part ("" when it sent none). */
  readonly type: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}
