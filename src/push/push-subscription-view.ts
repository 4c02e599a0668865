import type { PushSubscription } from '../generated/sqlite/client.js';

export type PushSubscriptionRecord = PushSubscription;

/** What clients see of a subscription: never its keys. */
export interface PushSubscriptionView {
  id: number;
  endpoint: string;
  deviceName: string;
  createdAt: string;
}

export function toPushSubscriptionView(subscription: PushSubscriptionRecord): PushSubscriptionView {
  return {
    id: Number(subscription.id),
    endpoint: subscription.endpoint,
    deviceName: subscription.deviceName,
    createdAt: subscription.createdAt.toISOString(),
  };
}
