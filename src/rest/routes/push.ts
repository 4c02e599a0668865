import type { FastifyInstance } from 'fastify';
import { deletePushSubscription } from '../../push/delete-push-subscription.js';
import { listPushDeliveries } from '../../push/list-push-deliveries.js';
import { listPushSubscriptions } from '../../push/list-push-subscriptions.js';
import { getPushPublicKey } from '../../push/push-availability.js';
import type { PushDeps } from '../../push/push-deps.js';
import type { PushSubscriptionInput } from '../../push/push-subscription-input.js';
import { toPushSubscriptionView } from '../../push/push-subscription-view.js';
import { registerPushSubscription } from '../../push/register-push-subscription.js';
import { sendTestPush } from '../../push/send-test-push.js';
import { pushErrorResponses, pushLogQuerySchema, pushSchemas, subscriptionIdParamsSchema } from '../push-schemas.js';
import { requireMediaType } from '../require-media-type.js';

export interface PushRouteDeps {
  push: PushDeps;
}

type SubscriptionParams = { Params: { id: bigint } };

/** Web Push: the service's public key and the caller's subscriptions; another user's subscription is a 404. */
export async function registerPushRoutes(app: FastifyInstance, deps: PushRouteDeps): Promise<void> {
  for (const schema of pushSchemas) app.addSchema(schema);
  await app.register(async (routes) => {
    routes.get(
      '/push/vapid-public-key',
      {
        schema: {
          operationId: 'getPushPublicKey',
          summary: "The service's VAPID public key",
          description: 'Pass it to PushManager.subscribe() as applicationServerKey.',
          tags: ['push'],
          response: {
            200: {
              description: 'base64url of the uncompressed P-256 point',
              type: 'object',
              required: ['publicKey'],
              properties: { publicKey: { type: 'string' } },
            },
            ...pushErrorResponses(401, 404),
          },
        },
      },
      async () => ({ publicKey: getPushPublicKey(deps.push) }),
    );

    routes.post<{ Body: PushSubscriptionInput }>(
      '/push/subscriptions',
      {
        onRequest: requireMediaType('application/json'),
        schema: {
          operationId: 'registerPushSubscription',
          summary: "Register a browser's push subscription",
          description: 'The same endpoint again updates its keys and answers 200 with the same id.',
          tags: ['push'],
          body: { $ref: 'NewPushSubscription#' },
          response: {
            200: { description: 'The endpoint was registered already; its keys were updated', $ref: 'PushSubscription#' },
            201: { description: 'Registered', $ref: 'PushSubscription#' },
            ...pushErrorResponses(400, 401, 404, 409, 413, 415),
          },
        },
      },
      async (request, reply) => {
        const { subscription, created } = await registerPushSubscription(request.caller, request.body, deps.push);
        return reply.code(created ? 201 : 200).send(toPushSubscriptionView(subscription));
      },
    );

    routes.get(
      '/push/subscriptions',
      {
        schema: {
          operationId: 'listPushSubscriptions',
          summary: "The caller's push subscriptions",
          description: 'Oldest first; keys are never shown.',
          tags: ['push'],
          response: { 200: { description: 'Oldest first', type: 'array', items: { $ref: 'PushSubscription#' } }, ...pushErrorResponses(401) },
        },
      },
      async (request) => (await listPushSubscriptions(request.caller)).map(toPushSubscriptionView),
    );

    routes.delete<SubscriptionParams>(
      '/push/subscriptions/:id',
      {
        schema: {
          operationId: 'deletePushSubscription',
          summary: 'Delete a push subscription',
          description: 'Its pending messages and its log go with it.',
          tags: ['push'],
          params: subscriptionIdParamsSchema,
          response: { 204: { description: 'Deleted', type: 'null' }, ...pushErrorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deletePushSubscription(request.caller, request.params.id);
        return reply.code(204).send();
      },
    );

    routes.post<SubscriptionParams>(
      '/push/subscriptions/:id/test',
      {
        schema: {
          operationId: 'sendTestPush',
          summary: 'Send a test notification',
          description: 'Queued and sent at once, retried and logged like a reminder.',
          tags: ['push'],
          params: subscriptionIdParamsSchema,
          response: { 202: { description: 'Queued', $ref: 'QueuedPush#' }, ...pushErrorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const queued = await sendTestPush(request.caller, request.params.id, deps.push);
        return reply.code(202).send({ deliveryId: Number(queued.deliveryId), eventId: queued.eventId });
      },
    );

    routes.get<SubscriptionParams & { Querystring: { limit: number } }>(
      '/push/subscriptions/:id/deliveries',
      {
        schema: {
          operationId: 'listPushDeliveries',
          summary: 'Recent push attempts for a subscription',
          description: 'Newest first: event id and type, attempt number, status code, latency, error, next attempt.',
          tags: ['push'],
          params: subscriptionIdParamsSchema,
          querystring: pushLogQuerySchema,
          response: { 200: { description: 'The attempts', type: 'array', items: { $ref: 'PushAttempt#' } }, ...pushErrorResponses(400, 401, 404) },
        },
      },
      async (request) => listPushDeliveries(request.caller, request.params.id, request.query.limit),
    );
  });
}
