import { AppError } from '../errors.js';

export const invalidPushSubscription = (message: string) => new AppError('push/invalid', 400, message);

export const pushSubscriptionNotFound = () => new AppError('push/not_found', 404, 'Push subscription not found');

export const tooManyPushSubscriptions = (max: number) =>
  new AppError('push/too_many', 409, `A user may register at most ${max} push subscriptions`);
