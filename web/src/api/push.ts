import { deviceName } from '../model/device-name.js';
import { graphql } from './client.js';

/** Where this browser stands with reminders pushed by the service. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The current state, without asking the person anything. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

/**
 * Turns reminders on for this browser; call it only from a gesture (a click), since it asks for the
 * notification permission. Subscribes with the service's VAPID key and registers the subscription
 * (registering the same endpoint again only updates it).
 */
export async function turnOnReminders(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.ready;
  const { pushPublicKey } = await graphql<{ pushPublicKey: string }>('{ pushPublicKey }');
  const key = base64UrlToBytes(pushPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the service's key pair changed) cannot be used.
  const oldKey = subscription?.options.applicationServerKey;
  if (subscription && oldKey && !sameBytes(new Uint8Array(oldKey), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await graphql('mutation Register($input: RegisterPushSubscriptionInput!) { registerPushSubscription(input: $input) { id } }', {
    input: { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: json.keys, deviceName: deviceName(navigator.userAgent) },
  });
  return 'on';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** One attempt to push to a device, newest first (PushDeliveryAttempt). */
export interface PushAttempt {
  type: string;
  attemptedAt: string;
  /** pending (tried again later), delivered or failed */
  deliveryState: string;
}

/** A browser or device the account's reminders are pushed to. */
export interface PushDevice {
  id: string;
  deviceName: string;
  endpoint: string;
  createdAt: string;
  deliveries: PushAttempt[];
}

export async function listPushDevices(): Promise<PushDevice[]> {
  const data = await graphql<{ pushSubscriptions: PushDevice[] }>(
    '{ pushSubscriptions { id deviceName endpoint createdAt deliveries(limit: 3) { type attemptedAt deliveryState } } }',
  );
  return data.pushSubscriptions;
}

/** Queues a test notification to one device ("push.test"). */
export async function sendTestPush(id: string): Promise<void> {
  await graphql('mutation Test($id: ID!) { sendTestPush(id: $id) { deliveryId } }', { id });
}

/** This browser's push endpoint, when it is subscribed. */
export async function ownPushEndpoint(): Promise<string | null> {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
}
