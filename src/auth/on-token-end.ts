import { onExpiry } from './on-expiry.js';
import { SESSION_STATE_TTL_MS } from './session-state-cache.js';

export type TokenEnd = 'expired' | 'revoked';

/**
 * For connections that outlive one request (WebSocket, event stream): calls `onEnded` once, when the
 * token expires or, for a session token (`stillValid` given), when its session is found revoked, which
 * is checked as often as the session state is refreshed. Answers a function that cancels it.
 */
export function onTokenEnd(
  expiresAt: Date,
  stillValid: (() => Promise<boolean>) | undefined,
  onEnded: (why: TokenEnd) => void,
  intervalMs = SESSION_STATE_TTL_MS,
): () => void {
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  let cancelExpiry = () => {};
  const cancel = () => {
    cancelExpiry();
    clearInterval(timer);
  };
  const end = (why: TokenEnd) => {
    if (ended) return;
    ended = true;
    cancel();
    onEnded(why);
  };
  // Fires at once for a token already past its expiry.
  cancelExpiry = onExpiry(expiresAt, () => end('expired'));
  if (stillValid && !ended) {
    timer = setInterval(() => {
      // Past expiry the token fails anyway; that is the expiry timer's to report.
      if (Date.now() >= expiresAt.getTime()) return;
      void stillValid().then((valid) => {
        if (!valid) end('revoked');
      });
    }, intervalMs);
    timer.unref();
  }
  return cancel;
}
