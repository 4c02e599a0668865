import { DELIVERY_LOG_LIMIT_DEFAULT, DELIVERY_LOG_LIMIT_MAX, listDeliveries, type DeliveryView } from '../../notifications/list-deliveries.js';
import { getNotificationSettings, updateNotificationSettings, type NotificationSettings } from '../../notifications/notification-settings.js';
import { builder } from '../builder.js';
import { given } from '../given.js';

const DigestSettings = builder.objectRef<NotificationSettings['digest']>('DigestSettings').implement({
  description: "A daily mail with the day's queue (overdue and today), at a local hour.",
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', { description: 'Default false' }),
    hour: t.exposeInt('hour', { description: "0-23, in the caller's time zone; default 7" }),
  }),
});

const NotificationSettingsRef = builder.objectRef<NotificationSettings>('NotificationSettings').implement({
  description: 'Which channels reminders go by, like REST GET /me/notifications.',
  fields: (t) => ({
    push: t.exposeBoolean('push', { description: "Reminders are pushed to the caller's browsers (default true)" }),
    email: t.exposeBoolean('email', {
      description:
        'Reminders are mailed to the confirmed address too (default false). Off, mail is the fallback when push failed or has no live subscription.',
    }),
    digest: t.field({ type: DigestSettings, resolve: (settings) => settings.digest }),
  }),
});

const DigestSettingsInput = builder.inputType('DigestSettingsInput', {
  fields: (t) => ({ enabled: t.boolean(), hour: t.int({ description: '0-23' }) }),
});

const NotificationSettingsInput = builder.inputType('NotificationSettingsInput', {
  description: 'Fields left out stay as they are.',
  fields: (t) => ({ push: t.boolean(), email: t.boolean(), digest: t.field({ type: DigestSettingsInput }) }),
});

const DeliveryChannel = builder.enumType('DeliveryChannel', { values: { PUSH: { value: 'push' }, EMAIL: { value: 'email' } } as const });
const DeliveryOutcome = builder.enumType('DeliveryOutcome', {
  values: { PENDING: { value: 'pending' }, DELIVERED: { value: 'delivered' }, FAILED: { value: 'failed' } } as const,
});

const Delivery = builder.objectRef<DeliveryView>('Delivery').implement({
  description: "One delivery of one of the caller's reminders on one channel (for push: to one browser), like REST GET /me/deliveries.",
  fields: (t) => ({
    channel: t.field({ type: DeliveryChannel, resolve: (delivery) => delivery.channel }),
    taskId: t.id({ nullable: true, resolve: (delivery) => (delivery.taskId === null ? null : String(delivery.taskId)) }),
    dueAt: t.field({ type: 'DateTime', nullable: true, resolve: (delivery) => (delivery.dueAt ? new Date(delivery.dueAt) : null) }),
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (delivery) => (delivery.sentAt ? new Date(delivery.sentAt) : null) }),
    outcome: t.field({ type: DeliveryOutcome, resolve: (delivery) => delivery.outcome }),
    error: t.exposeString('error', { nullable: true }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why it went by email although email is off (the push fallback)' }),
    createdAt: t.field({ type: 'DateTime', resolve: (delivery) => new Date(delivery.createdAt) }),
  }),
});

builder.queryField('notificationSettings', (t) =>
  t.field({ type: NotificationSettingsRef, resolve: (_root, _args, ctx) => getNotificationSettings(ctx.caller) }),
);

builder.queryField('deliveries', (t) =>
  t.field({
    type: [Delivery],
    description: "Every delivery of the caller's reminders, on every channel, newest first.",
    args: { limit: t.arg.int({ description: `1 to ${DELIVERY_LOG_LIMIT_MAX}; default ${DELIVERY_LOG_LIMIT_DEFAULT}` }) },
    complexity: (args) => ({ field: 1, multiplier: Math.max(1, args.limit ?? DELIVERY_LOG_LIMIT_DEFAULT) }),
    resolve: (_root, args, ctx) => listDeliveries(ctx.caller, given(args.limit)),
  }),
);

builder.mutationField('updateNotificationSettings', (t) =>
  t.field({
    type: NotificationSettingsRef,
    description: 'Changes the channels and the digest, like REST PATCH /me/notifications. BAD_USER_INPUT for an hour outside 0-23 (nothing is changed).',
    args: { input: t.arg({ type: NotificationSettingsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      updateNotificationSettings(ctx.caller, {
        ...(input.push != null ? { push: input.push } : {}),
        ...(input.email != null ? { email: input.email } : {}),
        ...(input.digest != null ? { digest: { ...(input.digest.enabled != null ? { enabled: input.digest.enabled } : {}), ...(input.digest.hour != null ? { hour: input.digest.hour } : {}) } } : {}),
      }),
  }),
);
