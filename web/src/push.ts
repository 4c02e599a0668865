import { graphql } from './api.js';

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

function deviceName(): string {
  const agent = navigator.userAgent;
  const browser = /Firefox\//.test(agent) ? 'Firefox' : /Edg\//.test(agent) ? 'Edge' : /Chrom(e|ium)\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : 'Browser';
  const system = /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Mac OS X/.test(agent) ? 'macOS' : /Windows/.test(agent) ? 'Windows' : /Linux/.test(agent) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
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
    input: { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: json.keys, deviceName: deviceName() },
  });
  return 'on';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
