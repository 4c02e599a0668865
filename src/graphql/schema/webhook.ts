import type { EventType } from '../../events/task-event.js';
import { createWebhookEndpoint, type EndpointWithSecret } from '../../webhooks/create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from '../../webhooks/delete-webhook-endpoint.js';
import { getWebhookEndpoint } from '../../webhooks/get-webhook-endpoint.js';
import {
  DELIVERY_LIST_LIMIT_DEFAULT,
  DELIVERY_LIST_LIMIT_MAX,
  listWebhookDeliveries,
  type DeliveryAttemptView,
} from '../../webhooks/list-webhook-deliveries.js';
import { listWebhookEndpoints } from '../../webhooks/list-webhook-endpoints.js';
import { retryWebhookDelivery } from '../../webhooks/retry-webhook-delivery.js';
import { rotateWebhookSecret } from '../../webhooks/rotate-webhook-secret.js';
import { sendTestWebhook, type QueuedDelivery } from '../../webhooks/send-test-webhook.js';
import { updateWebhookEndpoint } from '../../webhooks/update-webhook-endpoint.js';
import { endpointEvents, type WebhookEndpointRecord } from '../../webhooks/webhook-endpoint-view.js';
import { MAX_ENDPOINTS_PER_USER, parseWebhookId, WEBHOOK_DESCRIPTION_MAX_LENGTH } from '../../webhooks/webhook-input.js';
import { builder } from '../builder.js';
import { given } from '../given.js';
import { createOnce, IDEMPOTENCY_KEY_ARG_DESCRIPTION } from '../create-once.js';

/** The enum's internal values are the wire names, so resolvers hand them to the services unchanged. */
const WEBHOOK_EVENT_TYPE_VALUES = {
  REMINDER_DUE: { value: 'reminder.due', description: 'A reminder fired' },
  REMINDER_DELIVERED: { value: 'reminder.delivered', description: "A reminder reached a channel (event's `delivery`: push or email)" },
  REMINDER_FAILED: { value: 'reminder.failed', description: "A reminder could not be delivered on a channel (event's `delivery.error`)" },
  TASK_CREATED: { value: 'task.created' },
  TASK_UPDATED: { value: 'task.updated' },
  TASK_COMPLETED: { value: 'task.completed' },
  TASK_OCCURRENCE_COMPLETED: {
    value: 'task.occurrence_completed',
    description: "One occurrence of a repeating task was completed and the task moved to the next (event's `occurrence`)",
  },
  TASK_REOPENED: { value: 'task.reopened' },
  TASK_DELETED: { value: 'task.deleted' },
} as const satisfies Record<string, { value: EventType; description?: string }>;

// Fails to compile if the catalogue gains an event type this enum does not name.
type NamedEventType = (typeof WEBHOOK_EVENT_TYPE_VALUES)[keyof typeof WEBHOOK_EVENT_TYPE_VALUES]['value'];
const everyTypeNamed: [EventType] extends [NamedEventType] ? true : never = true;
void everyTypeNamed;

const WebhookEventType = builder.enumType('WebhookEventType', {
  description: 'An event type an endpoint can subscribe to; the payload\'s `type` is the wire name ("task.created").',
  values: WEBHOOK_EVENT_TYPE_VALUES,
});

const WebhookDeliveryState = builder.enumType('WebhookDeliveryState', {
  values: {
    PENDING: { value: 'pending', description: 'Not delivered yet; tried again at its next attempt' },
    DELIVERED: { value: 'delivered' },
    FAILED: { value: 'failed', description: 'Every retry failed (a replay can still send it)' },
  } as const,
});

const WebhookEndpoint = builder.objectRef<WebhookEndpointRecord>('WebhookEndpoint').implement({
  description: "One of the caller's webhook endpoints. Its secret is shown only by create and rotateSecret. `id` is REST's id.",
  fields: (t) => ({
    id: t.id({ resolve: (endpoint) => endpoint.id.toString() }),
    url: t.exposeString('url'),
    events: t.field({ type: [WebhookEventType], resolve: (endpoint) => endpointEvents(endpoint) }),
    description: t.exposeString('description'),
    enabled: t.exposeBoolean('enabled'),
    disabledReason: t.exposeString('disabledReason', {
      nullable: true,
      description: 'Why the service disabled the endpoint (it answered 410 Gone, or failed for days); null otherwise',
    }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const WebhookEndpointWithSecret = builder.objectRef<EndpointWithSecret>('WebhookEndpointWithSecret').implement({
  fields: (t) => ({
    endpoint: t.field({ type: WebhookEndpoint, resolve: (created) => created.endpoint }),
    secret: t.exposeString('secret', {
      description: '`whsec_` + base64 of 32 random bytes; verify deliveries with it. Shown here only: keep it.',
    }),
  }),
});

const QueuedWebhookDelivery = builder.objectRef<QueuedDelivery>('QueuedWebhookDelivery').implement({
  description: 'A delivery queued to go out at once.',
  fields: (t) => ({
    deliveryId: t.id({ resolve: (queued) => queued.deliveryId.toString() }),
    eventId: t.exposeString('eventId', { description: 'The webhook-id header the receiver gets (the same on every retry)' }),
  }),
});

const WebhookDeliveryAttempt = builder.objectRef<DeliveryAttemptView>('WebhookDeliveryAttempt').implement({
  description: 'One attempt to deliver an event to an endpoint, with where its delivery stands now.',
  fields: (t) => ({
    deliveryId: t.id({ resolve: (attempt) => String(attempt.deliveryId) }),
    eventId: t.exposeString('eventId'),
    type: t.exposeString('type', { description: 'The event type as sent: "task.created", …, or "webhook.test"' }),
    attempt: t.exposeInt('attempt', { description: '1 for the first try' }),
    attemptedAt: t.field({ type: 'DateTime', resolve: (attempt) => new Date(attempt.attemptedAt) }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: "The receiver's HTTP status; null when no answer came" }),
    latencyMs: t.exposeInt('latencyMs'),
    error: t.exposeString('error', { nullable: true }),
    responseBody: t.exposeString('responseBody', { nullable: true, description: 'At most the first 64 KiB' }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the delivery was to be tried again after this attempt; null when this attempt ended it',
      resolve: (attempt) => (attempt.nextAttemptAt ? new Date(attempt.nextAttemptAt) : null),
    }),
    deliveryState: t.field({ type: WebhookDeliveryState, resolve: (attempt) => attempt.deliveryState as 'pending' | 'delivered' | 'failed' }),
  }),
});

const CreateWebhookEndpointInput = builder.inputType('CreateWebhookEndpointInput', {
  fields: (t) => ({
    url: t.string({
      required: true,
      description:
        'An https URL whose host resolves only to public addresses; checked again before every delivery. ' +
        'WEBHOOK_ALLOW_INSECURE=true lifts this for development.',
    }),
    events: t.field({ type: [WebhookEventType], description: 'Default: every event type' }),
    description: t.string({ description: `At most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters; default ""` }),
  }),
});

const UpdateWebhookEndpointInput = builder.inputType('UpdateWebhookEndpointInput', {
  description: 'Fields left out stay as they are. `enabled: true` re-enables an endpoint the service disabled.',
  fields: (t) => ({
    id: t.id({ required: true }),
    url: t.string(),
    events: t.field({ type: [WebhookEventType] }),
    description: t.string(),
    enabled: t.boolean(),
  }),
});

builder.queryFields((t) => ({
  webhookEndpoints: t.field({
    type: [WebhookEndpoint],
    description: `The caller's webhook endpoints, oldest first (at most ${MAX_ENDPOINTS_PER_USER}).`,
    complexity: { field: 1, multiplier: MAX_ENDPOINTS_PER_USER },
    resolve: (_root, _args, ctx) => listWebhookEndpoints(ctx.caller),
  }),
  webhookEndpoint: t.field({
    type: WebhookEndpoint,
    nullable: true,
    description: "One of the caller's endpoints; NOT_FOUND for an unknown id or another user's endpoint.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getWebhookEndpoint(ctx.caller, parseWebhookId(args.id, 'id')),
  }),
  webhookDeliveries: t.field({
    type: [WebhookDeliveryAttempt],
    nullable: true,
    description: `The most recent delivery attempts to one of the caller's endpoints, newest first.`,
    args: {
      endpointId: t.arg.id({ required: true }),
      limit: t.arg.int({ description: `1 to ${DELIVERY_LIST_LIMIT_MAX}; default ${DELIVERY_LIST_LIMIT_DEFAULT}` }),
    },
    complexity: (args) => ({ field: 1, multiplier: Math.max(1, args.limit ?? DELIVERY_LIST_LIMIT_DEFAULT) }),
    resolve: (_root, args, ctx) =>
      listWebhookDeliveries(ctx.caller, { endpointId: parseWebhookId(args.endpointId, 'endpointId'), limit: given(args.limit) }),
  }),
}));

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: WebhookEndpointWithSecret,
    nullable: true,
    description: 'Registers an endpoint; the answer carries its signing secret, which is not shown again.',
    args: {
      input: t.arg({ type: CreateWebhookEndpointInput, required: true }),
      idempotencyKey: t.arg.string({ description: IDEMPOTENCY_KEY_ARG_DESCRIPTION }),
    },
    resolve: (_root, { input, idempotencyKey }, ctx) =>
      createOnce(ctx, idempotencyKey, {
        operation: 'createWebhookEndpoint',
        input,
        create: () =>
          createWebhookEndpoint(
            ctx.caller,
            { url: input.url, events: given(input.events), description: given(input.description) },
            ctx.webhooks.urlPolicy,
          ),
        remember: ({ endpoint, secret }) => ({ endpointId: String(endpoint.id), secret }),
        // A replay shows the endpoint as it is now, with the secret the first answer showed.
        recall: async (kept) => {
          const { endpointId, secret } = kept as { endpointId: string; secret: string };
          return { endpoint: await getWebhookEndpoint(ctx.caller, BigInt(endpointId)), secret };
        },
      }),
  }),
  updateWebhookEndpoint: t.field({
    type: WebhookEndpoint,
    nullable: true,
    args: { input: t.arg({ type: UpdateWebhookEndpointInput, required: true }) },
    // Explicit nulls reach the service, which refuses them: none of these fields can be empty.
    resolve: (_root, { input }, ctx) =>
      updateWebhookEndpoint(
        ctx.caller,
        { id: parseWebhookId(input.id, 'id'), url: input.url, events: input.events, description: input.description, enabled: input.enabled },
        ctx.webhooks.urlPolicy,
      ),
  }),
  deleteWebhookEndpoint: t.field({
    type: WebhookEndpoint,
    nullable: true,
    description: 'Deletes the endpoint with its pending deliveries and delivery log; returns its last state.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteWebhookEndpoint(ctx.caller, parseWebhookId(args.id, 'id')),
  }),
  rotateWebhookSecret: t.field({
    type: WebhookEndpointWithSecret,
    nullable: true,
    description:
      'Gives the endpoint a new secret (shown this once). For 24 hours deliveries also carry a signature made with the ' +
      'old one, so the receiver can switch without rejecting any.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => rotateWebhookSecret(ctx.caller, parseWebhookId(args.id, 'id')),
  }),
  sendTestWebhook: t.field({
    type: QueuedWebhookDelivery,
    nullable: true,
    description: 'Queues a webhook.test event to the endpoint; sent at once, retried and logged like any delivery.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => sendTestWebhook(ctx.caller, parseWebhookId(args.id, 'id')),
  }),
  retryWebhookDelivery: t.field({
    type: QueuedWebhookDelivery,
    nullable: true,
    description:
      'Sends a delivery again now, delivered or failed alike: the same webhook-id and body, a fresh signature. If it ' +
      'fails, the rest of its retry schedule applies.',
    args: { endpointId: t.arg.id({ required: true }), deliveryId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      retryWebhookDelivery(ctx.caller, {
        endpointId: parseWebhookId(args.endpointId, 'endpointId'),
        deliveryId: parseWebhookId(args.deliveryId, 'deliveryId'),
      }),
  }),
}));
