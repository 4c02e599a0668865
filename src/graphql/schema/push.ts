import { deletePushSubscription } from '../../push/delete-push-subscription.js';
import { getPushSubscription } from '../../push/get-push-subscription.js';
import { listPushDeliveries, PUSH_LOG_LIMIT_DEFAULT, PUSH_LOG_LIMIT_MAX, type PushAttemptView } from '../../push/list-push-deliveries.js';
import { listPushSubscriptions } from '../../push/list-push-subscriptions.js';
import { getPushPublicKey } from '../../push/push-availability.js';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, parsePushSubscriptionId } from '../../push/push-subscription-input.js';
import type { PushSubscriptionRecord } from '../../push/push-subscription-view.js';
import { registerPushSubscription } from '../../push/register-push-subscription.js';
import { sendTestPush, type QueuedPush } from '../../push/send-test-push.js';
import { builder } from '../builder.js';
import { given } from '../given.js';

const PushSubscription = builder.objectRef<PushSubscriptionRecord>('PushSubscription').implement({
  description: "One of the caller's browsers that reminders are pushed to. `id` is REST's id; its keys are never shown.",
  fields: (t) => ({
    id: t.id({ resolve: (subscription) => subscription.id.toString() }),
    endpoint: t.exposeString('endpoint'),
    deviceName: t.exposeString('deviceName'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deliveries: t.field({
      type: [PushDeliveryAttempt],
      description: 'The most recent attempts to push to it, newest first.',
      args: { limit: t.arg.int({ description: `1 to ${PUSH_LOG_LIMIT_MAX}; default ${PUSH_LOG_LIMIT_DEFAULT}` }) },
      complexity: (args) => ({ field: 1, multiplier: Math.max(1, args.limit ?? PUSH_LOG_LIMIT_DEFAULT) }),
      resolve: (subscription, args, ctx) => listPushDeliveries(ctx.caller, subscription.id, given(args.limit)),
    }),
  }),
});

const PushDeliveryAttempt = builder.objectRef<PushAttemptView>('PushDeliveryAttempt').implement({
  description: 'One request made to a push service for a message, with where the message stands now.',
  fields: (t) => ({
    deliveryId: t.id({ resolve: (attempt) => String(attempt.deliveryId) }),
    eventId: t.exposeString('eventId'),
    type: t.exposeString('type', { description: '"reminder.due" or "push.test"' }),
    attempt: t.exposeInt('attempt'),
    attemptedAt: t.field({ type: 'DateTime', resolve: (attempt) => new Date(attempt.attemptedAt) }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: "The push service's HTTP status; null when no answer came" }),
    latencyMs: t.exposeInt('latencyMs'),
    error: t.exposeString('error', { nullable: true }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (attempt) => (attempt.nextAttemptAt ? new Date(attempt.nextAttemptAt) : null),
    }),
    deliveryState: t.exposeString('deliveryState', { description: 'pending, delivered or failed' }),
  }),
});

const QueuedPushMessage = builder.objectRef<QueuedPush>('QueuedPush').implement({
  description: 'A push message queued to go out at once.',
  fields: (t) => ({
    deliveryId: t.id({ resolve: (queued) => queued.deliveryId.toString() }),
    eventId: t.exposeString('eventId'),
  }),
});

const PushSubscriptionKeys = builder.inputType('PushSubscriptionKeys', {
  fields: (t) => ({
    p256dh: t.string({ required: true, description: 'base64url of an uncompressed P-256 point (65 bytes)' }),
    auth: t.string({ required: true, description: 'base64url of the 16-byte auth secret' }),
  }),
});

const RegisterPushSubscriptionInput = builder.inputType('RegisterPushSubscriptionInput', {
  description: "The browser's PushSubscription.toJSON(), plus an optional device name.",
  fields: (t) => ({
    endpoint: t.string({ required: true }),
    expirationTime: t.float({ description: 'Epoch milliseconds, or null' }),
    keys: t.field({ type: PushSubscriptionKeys, required: true }),
    deviceName: t.string(),
  }),
});

builder.queryFields((t) => ({
  pushPublicKey: t.string({
    description: "The service's VAPID public key (base64url): PushManager.subscribe()'s applicationServerKey.",
    resolve: (_root, _args, ctx) => getPushPublicKey(ctx.push),
  }),
  pushSubscriptions: t.field({
    type: [PushSubscription],
    description: `The caller's push subscriptions, oldest first (at most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER}).`,
    complexity: { field: 1, multiplier: MAX_PUSH_SUBSCRIPTIONS_PER_USER },
    resolve: (_root, _args, ctx) => listPushSubscriptions(ctx.caller),
  }),
}));

builder.mutationFields((t) => ({
  registerPushSubscription: t.field({
    type: PushSubscription,
    nullable: true,
    description: 'Registers a browser for reminders; the same endpoint again updates its keys and keeps its id.',
    args: { input: t.arg({ type: RegisterPushSubscriptionInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      (
        await registerPushSubscription(
          ctx.caller,
          { endpoint: input.endpoint, expirationTime: input.expirationTime, keys: input.keys, deviceName: given(input.deviceName) },
          ctx.push,
        )
      ).subscription,
  }),
  deletePushSubscription: t.field({
    type: PushSubscription,
    nullable: true,
    description: 'Deletes the subscription with its pending messages and log; returns its last state.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deletePushSubscription(ctx.caller, parsePushSubscriptionId(args.id)),
  }),
  sendTestPush: t.field({
    type: QueuedPushMessage,
    nullable: true,
    description: 'Queues a test notification to the subscription; sent at once, retried and logged like a reminder.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const subscription = await getPushSubscription(ctx.caller, parsePushSubscriptionId(args.id));
      return sendTestPush(ctx.caller, subscription.id, ctx.push);
    },
  }),
}));
