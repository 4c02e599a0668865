import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { nextAttemptDelay } from '../../src/webhooks/retry-schedule.js';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/tickler-config-test', ...env });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('webhook configuration', () => {
  it('defaults to the Standard Webhooks schedule, a 10 s timeout, disabling after 5 days, and secure targets only', () => {
    expect(load({}).webhooks).toEqual({
      allowInsecure: false,
      retryScheduleMs: [0, 5000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
      timeoutMs: 10_000,
      disableAfterMs: 5 * 24 * HOUR,
      sweepIntervalMs: 1000,
      concurrency: 64,
      concurrencyPerEndpoint: 4,
      leaseMs: MINUTE,
    });
  });

  it('takes every setting from the environment', () => {
    expect(
      load({
        WEBHOOK_ALLOW_INSECURE: 'true',
        WEBHOOK_RETRY_SCHEDULE: '0s,1s, 2s,500ms',
        WEBHOOK_TIMEOUT: '2s',
        WEBHOOK_DISABLE_AFTER: '1h',
        WEBHOOK_SWEEP_INTERVAL: '200ms',
        WEBHOOK_CONCURRENCY: '8',
        WEBHOOK_CONCURRENCY_PER_ENDPOINT: '2',
        WEBHOOK_LEASE: '5s',
      }).webhooks,
    ).toEqual({
      allowInsecure: true,
      retryScheduleMs: [0, 1000, 2000, 500],
      timeoutMs: 2000,
      disableAfterMs: HOUR,
      sweepIntervalMs: 200,
      concurrency: 8,
      concurrencyPerEndpoint: 2,
      leaseMs: 5000,
    });
  });

  it.each([
    ['WEBHOOK_ALLOW_INSECURE', 'yes'],
    ['WEBHOOK_RETRY_SCHEDULE', ''],
    ['WEBHOOK_RETRY_SCHEDULE', '0s,,5s'],
    ['WEBHOOK_RETRY_SCHEDULE', '0s,5 minutes'],
    ['WEBHOOK_RETRY_SCHEDULE', '0s,8d'],
    ['WEBHOOK_TIMEOUT', '0s'],
    ['WEBHOOK_TIMEOUT', '2m'],
    ['WEBHOOK_DISABLE_AFTER', 'soon'],
    ['WEBHOOK_SWEEP_INTERVAL', '10ms'],
    ['WEBHOOK_CONCURRENCY', '0'],
    ['WEBHOOK_CONCURRENCY_PER_ENDPOINT', '1.5'],
    ['WEBHOOK_LEASE', '10s'],
  ])('stops start-up naming %s for %j', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(name);
  });
});

describe('the retry schedule', () => {
  const schedule = [0, 5000, 5 * MINUTE];

  it('waits each delay plus at most 10 % jitter, then gives up', () => {
    expect(nextAttemptDelay(schedule, 1, () => 0)).toBe(5000);
    expect(nextAttemptDelay(schedule, 1, () => 0.999)).toBe(5500);
    expect(nextAttemptDelay(schedule, 2, () => 0.5)).toBe(5 * MINUTE + 15_000);
    expect(nextAttemptDelay(schedule, 3)).toBeNull();
  });
});
