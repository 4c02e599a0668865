import type { PushDeps } from './push-deps.js';
import { pushUnavailable } from './push-errors.js';

/** Refuses what needs push (the key, new subscriptions, test messages) while it is off (no PUSH_CONTACT). */
export function requirePushEnabled(deps: Pick<PushDeps, 'enabled'>): void {
  if (!deps.enabled) throw pushUnavailable();
}

/** The VAPID public key browsers subscribe with; none is handed out while push is off. */
export function getPushPublicKey(deps: Pick<PushDeps, 'enabled' | 'vapidKeys'>): string {
  requirePushEnabled(deps);
  return deps.vapidKeys.publicKey;
}
