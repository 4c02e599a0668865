import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { taskWebhookDocument } from './webhook-schemas.js';

export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Tickler',
      version: '1.0.0',
      description: 'Task and reminder service. Every endpoint needs `Authorization: Bearer <token>`.',
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearerAuth: [] }],
    webhooks: taskWebhookDocument,
  },
  refResolver: {
    // Components keep their own names (Task, Error, ...) instead of def-0, def-1.
    buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
  },
};
