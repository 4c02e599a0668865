import type { FastifyInstance } from 'fastify';
import { listWebhookDeliveries } from '../../webhooks/list-webhook-deliveries.js';
import { retryWebhookDelivery } from '../../webhooks/retry-webhook-delivery.js';
import { sendTestWebhook, type QueuedDelivery } from '../../webhooks/send-test-webhook.js';
import { deliveryParamsSchema, endpointIdParamsSchema, listDeliveriesQuerySchema, webhookErrorResponses } from '../webhook-schemas.js';

type EndpointParams = { Params: { id: bigint } };

const queued = (delivery: QueuedDelivery) => ({ deliveryId: Number(delivery.deliveryId), eventId: delivery.eventId });

/**
 * An endpoint's deliveries: send a test event, read the attempt log, replay one. Registered by
 * registerWebhookRoutes (webhooks.ts) in its scope, after the endpoint routes.
 */
export function registerDeliveryRoutes(routes: FastifyInstance): void {
  routes.post<EndpointParams>(
    '/webhooks/:id/test',
    {
      schema: {
        operationId: 'sendTestWebhook',
        summary: 'Send a webhook.test event to an endpoint',
        description: 'Queued and sent at once, retried and logged like any delivery.',
        tags: ['webhooks'],
        params: endpointIdParamsSchema,
        response: { 202: { description: 'Queued', $ref: 'QueuedWebhookDelivery#' }, ...webhookErrorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(queued(await sendTestWebhook(request.caller, request.params.id))),
  );

  routes.get<EndpointParams & { Querystring: { limit: number } }>(
    '/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: 'Recent delivery attempts to an endpoint',
        description: 'Newest first: event id and type, attempt number, status code, latency, error, response body, next attempt.',
        tags: ['webhooks'],
        params: endpointIdParamsSchema,
        querystring: listDeliveriesQuerySchema,
        response: {
          200: { description: 'The attempts', type: 'array', items: { $ref: 'WebhookAttempt#' } },
          ...webhookErrorResponses(400, 401, 404),
        },
      },
    },
    async (request) => listWebhookDeliveries(request.caller, { endpointId: request.params.id, limit: request.query.limit }),
  );

  routes.post<{ Params: { id: bigint; deliveryId: bigint } }>(
    '/webhooks/:id/deliveries/:deliveryId/retry',
    {
      schema: {
        operationId: 'retryWebhookDelivery',
        summary: 'Replay a delivery now',
        description:
          'Sends the delivery again at once, delivered or failed alike: the same webhook-id and body, a fresh signature. ' +
          'If it fails, the rest of its retry schedule applies.',
        tags: ['webhooks'],
        params: deliveryParamsSchema,
        response: { 202: { description: 'Queued', $ref: 'QueuedWebhookDelivery#' }, ...webhookErrorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const delivery = await retryWebhookDelivery(request.caller, {
        endpointId: request.params.id,
        deliveryId: request.params.deliveryId,
      });
      return reply.code(202).send(queued(delivery));
    },
  );
}
