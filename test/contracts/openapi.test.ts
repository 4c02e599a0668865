import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, serializeOpenApiDocument } from '../../src/rest/openapi-document.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('OpenAPI document', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('sqlite');
  });
  afterAll(async () => service?.close());

  it('committed schema/openapi.json matches the document generated from the routes (run `npm run openapi`)', async () => {
    const committed = readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(serializeOpenApiDocument(await buildOpenApiDocument()));
  });

  it('is served at /openapi.json without a token and is the committed one', async () => {
    const response = await fetch(`${service.url}/openapi.json`);
    expect(response.status).toBe(200);
    const served = await response.json() as any;
    expect(served).toEqual(JSON.parse(readFileSync(new URL('../../schema/openapi.json', import.meta.url), 'utf8')));
  });

  it('describes the three documented operations with bearer auth and the Error body', async () => {
    const document = (await buildOpenApiDocument()) as {
      openapi: string;
      security: unknown;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(document.paths).sort()).toEqual([
      '/auth/config',
      '/auth/exchange',
      '/auth/logout',
      '/auth/token',
      '/calendar/feed',
      '/calendar/{file}',
      '/capture',
      '/invitations/accept',
      '/labels',
      '/lists',
      '/lists/{id}',
      '/lists/{id}/invitations',
      '/lists/{id}/invitations/{invitationId}',
      '/lists/{id}/members',
      '/lists/{id}/members/{userId}',
      '/mail/{token}/confirm',
      '/mail/{token}/done',
      '/mail/{token}/snooze',
      '/me',
      '/me/app-passwords',
      '/me/app-passwords/{id}',
      '/me/deliveries',
      '/me/export',
      '/me/import',
      '/me/notifications',
      '/push/subscriptions',
      '/push/subscriptions/{id}',
      '/push/subscriptions/{id}/deliveries',
      '/push/subscriptions/{id}/test',
      '/push/vapid-public-key',
      '/tasks',
      '/tasks/{id}',
      '/tasks/{id}/reopen',
      '/tasks/{id}/snooze',
      '/webhooks',
      '/webhooks/{id}',
      '/webhooks/{id}/deliveries',
      '/webhooks/{id}/deliveries/{deliveryId}/retry',
      '/webhooks/{id}/rotate-secret',
      '/webhooks/{id}/test',
    ]);
    expect(Object.keys(document.paths['/tasks']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/tasks/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(document.paths['/tasks/{id}']!.delete!.responses)).toEqual(['204', '400', '401', '403', '404', '414', '429', '503']);
    expect(Object.keys(document.paths['/me']!).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(document.paths['/me']!.delete!.responses)).toEqual(['204', '401', '429', '503']);
    expect(Object.keys(document.paths['/me']!.patch!.responses)).toEqual(['200', '400', '401', '404', '413', '415', '429', '503']);
    expect(document.components.schemas.Error!.required).toEqual(['error', 'message']);
    expect(document.components.schemas.Task!.required).toEqual(['id', 'title', 'description', 'dueAt', 'priority', 'status']);
  });

  it('lists the answers any operation can give: 429 and 503 everywhere, 414 where a path parameter is', async () => {
    const document = (await buildOpenApiDocument()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>>;
    };
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const label = `${method.toUpperCase()} ${path}`;
        operations += 1;
        expect(Object.keys(operation.responses), label).toEqual(expect.arrayContaining(['429', '503']));
        if (path.includes('{')) expect(Object.keys(operation.responses), label).toContain('414');
        else expect(Object.keys(operation.responses), label).not.toContain('414');
        for (const status of ['414', '429', '503']) {
          const schema = operation.responses[status]?.content?.['application/json']?.schema;
          if (operation.responses[status]) expect(schema, `${label} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        }
      }
    }
    expect(operations).toBeGreaterThan(10);
  });

  it('documents the Idempotency-Key header, 409 and 422 on the creates that take it, and nowhere else', async () => {
    const document = (await buildOpenApiDocument()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; responses: Record<string, unknown> }>>;
    };
    const creates = ['POST /tasks', 'POST /capture', 'POST /webhooks', 'POST /lists'];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const label = `${method.toUpperCase()} ${path}`;
        const header = (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
        expect(header, label).toBe(creates.includes(label));
        if (creates.includes(label)) expect(Object.keys(operation.responses), label).toEqual(expect.arrayContaining(['409', '422']));
      }
    }
  });

  it('marks the public sign-in endpoints as needing no bearer token, and logout as needing one', async () => {
    const document = (await buildOpenApiDocument()) as { paths: Record<string, Record<string, { security?: unknown }>> };
    expect(document.paths['/auth/exchange']!.post!.security).toEqual([]);
    expect(document.paths['/auth/token']!.post!.security).toEqual([]);
    expect(document.paths['/auth/config']!.get!.security).toEqual([]);
    expect(document.paths['/auth/logout']!.post!.security).toBeUndefined();
  });

  it('describes POST /capture with both request bodies (JSON text, multipart file) and every answer', async () => {
    const document = (await buildOpenApiDocument()) as { paths: Record<string, Record<string, any>> };
    const capture = document.paths['/capture']!;
    expect(Object.keys(capture)).toEqual(['post']);
    const content = capture.post.requestBody.content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(content['application/json'].schema.properties.text.type).toBe('string');
    expect(content['multipart/form-data'].schema.properties.audio).toMatchObject({ type: 'string', format: 'binary' });
    expect(content['multipart/form-data'].schema.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(capture.post.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'create' }));
    expect(Object.keys(capture.post.responses)).toEqual(['200', '201', '400', '401', '409', '413', '415', '422', '429', '503']);
  });
  it('describes the webhook registration routes and, in its webhooks section, the payload sent as /tasks/webhook', async () => {
    const document = (await buildOpenApiDocument()) as {
      paths: Record<string, Record<string, any>>;
      webhooks: Record<string, Record<string, any>>;
      components: { schemas: Record<string, any> };
    };
    expect(Object.keys(document.paths['/webhooks']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/webhooks/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(document.paths['/webhooks/{id}']!.delete.responses)).toEqual(['204', '400', '401', '404', '414', '429', '503']);
    expect(document.paths['/webhooks']!.post.responses['201'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/WebhookEndpointWithSecret',
    );
    expect(document.components.schemas.WebhookEndpoint.properties).not.toHaveProperty('secret');
    expect(Object.keys(document.webhooks)).toEqual(['/tasks/webhook']);
    const delivery = document.webhooks['/tasks/webhook']!.post;
    expect(delivery.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/WebhookPayload');
    expect(delivery.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(document.components.schemas.WebhookPayload.required).toEqual(['type', 'timestamp', 'data']);
    expect(document.components.schemas.WebhookPayload.properties.data.properties.task.$ref).toBe('#/components/schemas/Task');
  });
});
