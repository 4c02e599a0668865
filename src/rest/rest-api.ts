import type { FastifyInstance } from 'fastify';
import { installAuthentication, type AuthenticateDeps } from './authenticate.js';
import { installErrorHandler, sendError } from './error-handler.js';
import { recordRoutes } from './method-not-allowed.js';
import { captureRoutes, type CaptureRouteDeps } from './routes/capture.js';
import { healthRoutes, type HealthDeps } from './routes/health.js';
import { metaRoutes, type MetaDeps } from './routes/meta.js';
import { taskRoutes } from './routes/tasks.js';
import { registerWebhookRoutes, type WebhookRouteDeps } from './routes/webhooks.js';
import { errorSchema, newTaskSchema, taskSchema } from './schemas.js';

export type RestApiDeps = AuthenticateDeps & HealthDeps & MetaDeps & CaptureRouteDeps & WebhookRouteDeps;

/** The REST transport: maps HTTP to the service functions and errors to `{error, message}`. */
export async function registerRestApi(app: FastifyInstance, deps: RestApiDeps): Promise<void> {
  installErrorHandler(app);
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`));
  for (const schema of [errorSchema, taskSchema, newTaskSchema]) app.addSchema(schema);
  installAuthentication(app, deps);
  const routes = recordRoutes(app);
  await app.register(taskRoutes);
  await app.register(captureRoutes(deps));
  await registerWebhookRoutes(app, deps);
  await app.register(healthRoutes(deps));
  await app.register(metaRoutes(deps));
  routes.addMethodNotAllowedRoutes(app);
}
