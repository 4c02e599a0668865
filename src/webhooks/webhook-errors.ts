import { AppError } from '../errors.js';

export const invalidWebhook = (message: string) => new AppError('webhooks/invalid', 400, message);

export const webhookNotFound = () => new AppError('webhooks/not_found', 404, 'Webhook endpoint not found');

export const deliveryNotFound = () => new AppError('webhooks/delivery_not_found', 404, 'Webhook delivery not found');

export const endpointDisabled = () =>
  new AppError('webhooks/endpoint_disabled', 409, 'The webhook endpoint is disabled; enable it first (PATCH enabled: true)');

export const tooManyWebhooks = (max: number) =>
  new AppError('webhooks/too_many', 409, `A user may register at most ${max} webhook endpoints`);
