import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { createWebhookEndpoint, type NewWebhookEndpointInput } from '../../webhooks/create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from '../../webhooks/delete-webhook-endpoint.js';
import { getWebhookEndpoint } from '../../webhooks/get-webhook-endpoint.js';
import { listWebhookEndpoints } from '../../webhooks/list-webhook-endpoints.js';
import { rotateWebhookSecret } from '../../webhooks/rotate-webhook-secret.js';
import { updateWebhookEndpoint, type WebhookEndpointChanges } from '../../webhooks/update-webhook-endpoint.js';
import { toWebhookEndpointView } from '../../webhooks/webhook-endpoint-view.js';
import type { WebhookRegistrationDeps } from '../../webhooks/webhook-url-policy.js';
import { replyOnce } from '../reply-once.js';
import { endpointIdParamsSchema, newWebhookEndpointSchema, webhookErrorResponses, webhookSchemas } from '../webhook-schemas.js';
import { registerDeliveryRoutes } from './webhook-deliveries.js';

export interface WebhookRouteDeps {
  webhooks: WebhookRegistrationDeps;
}

function requireJsonBody(request: FastifyRequest): void {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new AppError('request/unsupported_media_type', 415, 'Content-Type must be application/json');
  }
}

type EndpointParams = { Params: { id: bigint } };

/** Webhook registration: caller-scoped; another user's endpoint answers 404 like a missing one. */
export async function registerWebhookRoutes(app: FastifyInstance, deps: WebhookRouteDeps): Promise<void> {
  for (const schema of webhookSchemas) app.addSchema(schema);
  const policy = deps.webhooks.urlPolicy;
  await app.register(async (routes) => {
    registerEndpointRoutes(routes, policy);
    registerDeliveryRoutes(routes);
  });
}

/** The endpoints themselves: register, list, read, change, delete, rotate the secret. */
function registerEndpointRoutes(routes: FastifyInstance, policy: WebhookRegistrationDeps['urlPolicy']): void {
  routes.post<{ Body: NewWebhookEndpointInput }>(
    '/webhooks',
    {
      config: { idempotent: true },
      onRequest: async (request) => requireJsonBody(request),
      schema: {
        operationId: 'createWebhookEndpoint',
        summary: 'Register a webhook endpoint',
        description: 'The answer carries the signing secret; it is not shown again (rotate to get a new one).',
        tags: ['webhooks'],
        body: newWebhookEndpointSchema,
        response: {
          201: {
            description: 'The endpoint with its secret; Location names it',
            headers: { Location: { type: 'string', description: '/webhooks/{id}' } },
            $ref: 'WebhookEndpointWithSecret#',
          },
          ...webhookErrorResponses(400, 401, 409, 413, 415),
        },
      },
    },
    async (request, reply) =>
      replyOnce(request, reply, 'createWebhookEndpoint', async () => {
        const { endpoint, secret } = await createWebhookEndpoint(request.caller, request.body, policy);
        const body = JSON.stringify({ ...toWebhookEndpointView(endpoint), secret });
        return { status: 201, body, location: `/webhooks/${endpoint.id}` };
      }),
  );

  routes.get(
    '/webhooks',
    {
      schema: {
        operationId: 'listWebhookEndpoints',
        summary: "List the caller's webhook endpoints",
        description: 'Every endpoint the caller registered, oldest first, without their secrets.',
        tags: ['webhooks'],
        response: {
          200: { description: 'Oldest first', type: 'array', items: { $ref: 'WebhookEndpoint#' } },
          ...webhookErrorResponses(401),
        },
      },
    },
    async (request) => (await listWebhookEndpoints(request.caller)).map(toWebhookEndpointView),
  );

  routes.get<EndpointParams>(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'getWebhookEndpoint',
        summary: 'Get a webhook endpoint',
        description: 'One endpoint of the caller, without its secret (rotate it to get a new one).',
        tags: ['webhooks'],
        params: endpointIdParamsSchema,
        response: { 200: { description: 'The endpoint', $ref: 'WebhookEndpoint#' }, ...webhookErrorResponses(400, 401, 404) },
      },
    },
    async (request) => toWebhookEndpointView(await getWebhookEndpoint(request.caller, request.params.id)),
  );

  routes.patch<EndpointParams & { Body: Omit<WebhookEndpointChanges, 'id'> }>(
    '/webhooks/:id',
    {
      onRequest: async (request) => requireJsonBody(request),
      schema: {
        operationId: 'updateWebhookEndpoint',
        summary: 'Change a webhook endpoint',
        description: 'Only the fields given change. `enabled: true` re-enables an endpoint the service disabled.',
        tags: ['webhooks'],
        params: endpointIdParamsSchema,
        body: { $ref: 'WebhookEndpointChanges#' },
        response: {
          200: { description: 'The endpoint as changed', $ref: 'WebhookEndpoint#' },
          ...webhookErrorResponses(400, 401, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const endpoint = await updateWebhookEndpoint(request.caller, { ...request.body, id: request.params.id }, policy);
      return toWebhookEndpointView(endpoint);
    },
  );

  routes.delete<EndpointParams>(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint',
        description: 'Its pending deliveries and its delivery log go with it.',
        tags: ['webhooks'],
        params: endpointIdParamsSchema,
        response: { 204: { description: 'Deleted', type: 'null' }, ...webhookErrorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(request.caller, request.params.id);
      return reply.code(204).send();
    },
  );

  routes.post<EndpointParams>(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: "Replace a webhook endpoint's secret",
        description:
          'Answers the new secret (shown this once). For 24 hours deliveries carry a second signature made with the old ' +
          'secret, so the receiver can switch without rejecting any.',
        tags: ['webhooks'],
        params: endpointIdParamsSchema,
        response: {
          200: { description: 'The endpoint with its new secret', $ref: 'WebhookEndpointWithSecret#' },
          ...webhookErrorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { endpoint, secret } = await rotateWebhookSecret(request.caller, request.params.id);
      return { ...toWebhookEndpointView(endpoint), secret };
    },
  );
}
