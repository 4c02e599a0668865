import type { WebhookUrlPolicy } from '../webhooks/webhook-url-policy.js';
import type { VapidKeys } from './vapid-keys.js';

/** What the push operations need besides the caller, whichever transport calls them. */
export interface PushDeps {
  /** The webhook URL policy: subscription endpoints are held to it at registration and at delivery. */
  urlPolicy: WebhookUrlPolicy;
  /** The service's VAPID key pair; browsers subscribe with its public key (applicationServerKey). */
  vapidKeys: VapidKeys;
  /** false: push is off (no usable PUSH_CONTACT); the key is not handed out, nothing new is subscribed or sent. */
  enabled: boolean;
}
