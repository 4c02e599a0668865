import type { FastifyInstance } from 'fastify';
import { installAuthentication, type AuthenticateDeps } from './authenticate.js';
import { installErrorHandler, sendError } from './error-handler.js';
import { recordRoutes } from './method-not-allowed.js';
import { signInRoutes, type SignInRouteDeps } from './routes/auth.js';
import { accountRoutes } from './routes/account.js';
import { calendarRoutes } from './routes/calendar.js';
import { captureRoutes, type CaptureRouteDeps } from './routes/capture.js';
import { healthRoutes, type HealthDeps } from './routes/health.js';
import { metaRoutes, type MetaDeps } from './routes/meta.js';
import { metricsRoutes, type MetricsRouteDeps } from './routes/metrics.js';
import { taskRoutes } from './routes/tasks.js';
import { registerWebhookRoutes, type WebhookRouteDeps } from './routes/webhooks.js';
import { registerPushRoutes, type PushRouteDeps } from './routes/push.js';
import { snoozeRoutes } from './routes/snooze.js';
import { errorSchema, taskSchema } from './schemas.js';

export type RestApiDeps = AuthenticateDeps &
  Omit<HealthDeps, 'logger'> &
  MetaDeps &
  CaptureRouteDeps &
  WebhookRouteDeps &
  PushRouteDeps &
  SignInRouteDeps &
  MetricsRouteDeps & { logger: HealthDeps['logger'] };

/** The REST transport: maps HTTP to the service functions and errors to `{error, message}`. */
export async function registerRestApi(app: FastifyInstance, deps: RestApiDeps): Promise<void> {
  installErrorHandler(app);
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`));
  for (const schema of [errorSchema, taskSchema]) app.addSchema(schema);
  installAuthentication(app, deps);
  const routes = recordRoutes(app);
  await app.register(taskRoutes);
  await app.register(snoozeRoutes);
  await app.register(captureRoutes(deps));
  await app.register(calendarRoutes(deps));
  await app.register(accountRoutes);
  await registerWebhookRoutes(app, deps);
  await registerPushRoutes(app, deps);
  await app.register(signInRoutes(deps));
  await app.register(healthRoutes(deps));
  await app.register(metaRoutes(deps));
  await app.register(metricsRoutes(deps));
  routes.addMethodNotAllowedRoutes(app);
}
