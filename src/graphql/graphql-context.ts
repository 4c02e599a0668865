import type { CaptureDeps } from '../capture/capture-task.js';
import type { ServiceContext } from '../context.js';
import type { EventBus } from '../events/event-bus.js';
import type { WebhookRegistrationDeps } from '../webhooks/webhook-url-policy.js';

/** What every resolver gets: the authenticated caller's service context and the live event bus. */
export interface GraphqlContext {
  caller: ServiceContext;
  events: EventBus;
  /** What captureTask hands to the capture service: the AI provider (if any), local OCR, defaults. */
  capture: CaptureDeps;
  /** Where webhook endpoints may point (checked on registration and URL changes). */
  webhooks: WebhookRegistrationDeps;
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
