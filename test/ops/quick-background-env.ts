/**
 * Reminders swept every 100 ms and webhooks to loopback receivers sent at once; a failed first
 * attempt is retried only an hour later, so its delivery stays pending (a backlog that holds still).
 */
export const QUICK_BACKGROUND_ENV = {
  REMINDER_SWEEP_INTERVAL: '100ms',
  WEBHOOK_ALLOW_INSECURE: 'true',
  WEBHOOK_RETRY_SCHEDULE: '0s,1h',
  WEBHOOK_SWEEP_INTERVAL: '100ms',
  WEBHOOK_TIMEOUT: '2s',
  WEBHOOK_LEASE: '5s',
};
