import type { FastifyInstance } from 'fastify';
import { installAuthentication, type AuthenticateDeps } from './authenticate.js';
import { installErrorHandler, sendError } from './error-handler.js';
import { recordRoutes } from './method-not-allowed.js';
import { signInRoutes, type SignInRouteDeps } from './routes/auth.js';
import { accountRoutes } from './routes/account.js';
import { appPasswordRoutes } from './routes/app-passwords.js';
import { calendarRoutes } from './routes/calendar.js';
import { captureRoutes, type CaptureRouteDeps } from './routes/capture.js';
import { healthRoutes, type HealthDeps } from './routes/health.js';
import { meRoutes, type MeRouteDeps } from './routes/me.js';
import { mailLinkRoutes } from './routes/mail-links.js';
import { notificationRoutes } from './routes/notifications.js';
import { metaRoutes, type MetaDeps } from './routes/meta.js';
import { metricsRoutes, type MetricsRouteDeps } from './routes/metrics.js';
import { labelRoutes } from './routes/labels.js';
import { taskRoutes } from './routes/tasks.js';
import { listRoutes } from './routes/lists.js';
import { registerWebhookRoutes, type WebhookRouteDeps } from './routes/webhooks.js';
import { registerPushRoutes, type PushRouteDeps } from './routes/push.js';
import { snoozeRoutes } from './routes/snooze.js';
import { errorSchema, taskReminderSchema, taskSchema } from './schemas.js';

export type RestApiDeps = AuthenticateDeps &
  Omit<HealthDeps, 'logger'> &
  MetaDeps &
  CaptureRouteDeps &
  WebhookRouteDeps &
  PushRouteDeps &
  SignInRouteDeps &
  MeRouteDeps &
  MetricsRouteDeps & { logger: HealthDeps['logger'] };

/** The REST transport: maps HTTP to the service functions and errors to `{error, message}`. */
export async function registerRestApi(app: FastifyInstance, deps: RestApiDeps): Promise<void> {
  installErrorHandler(app);
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`));
  for (const schema of [errorSchema, taskReminderSchema, taskSchema]) app.addSchema(schema);
  installAuthentication(app, deps);
  const routes = recordRoutes(app);
  await app.register(taskRoutes);
  await app.register(labelRoutes);
  await app.register(listRoutes);
  await app.register(snoozeRoutes);
  await app.register(captureRoutes(deps));
  await app.register(calendarRoutes(deps));
  await app.register(accountRoutes);
  await app.register(meRoutes(deps));
  await app.register(notificationRoutes);
  await app.register(mailLinkRoutes(deps));
  await app.register(appPasswordRoutes);
  await registerWebhookRoutes(app, deps);
  await registerPushRoutes(app, deps);
  await app.register(signInRoutes(deps));
  await app.register(healthRoutes(deps));
  await app.register(metaRoutes(deps));
  await app.register(metricsRoutes(deps));
  routes.addMethodNotAllowedRoutes(app);
}
