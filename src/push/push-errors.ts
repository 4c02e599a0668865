import { AppError } from '../errors.js';

export const invalidPushSubscription = (message: string) => new AppError('push/invalid', 400, message);

export const pushSubscriptionNotFound = () => new AppError('push/not_found', 404, 'Push subscription not found');

/** PUSH_CONTACT is missing (docs/push.md): the service starts without push, and says so here. */
export const pushUnavailable = () =>
  new AppError(
    'push/unavailable',
    404,
    'Push notifications are off on this server: its operator has not set PUSH_CONTACT, the contact push services require (docs/push.md)',
  );

export const tooManyPushSubscriptions = (max: number) =>
  new AppError('push/too_many', 409, `A user may register at most ${max} push subscriptions`);
