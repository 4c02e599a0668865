import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/tickler-config-test', ...env });
const DAY = 86_400_000;

describe('retention configuration', () => {
  it('keeps events 7 days and the webhook log 30 days, pruning hourly, by default', () => {
    expect(load({}).retention).toEqual({ eventRetentionMs: 7 * DAY, webhookLogRetentionMs: 30 * DAY, pruneIntervalMs: 3_600_000 });
  });

  it('takes every setting from the environment', () => {
    expect(load({ EVENT_RETENTION: '2d', WEBHOOK_LOG_RETENTION: '90d', PRUNE_INTERVAL: '10m' }).retention).toEqual({
      eventRetentionMs: 2 * DAY,
      webhookLogRetentionMs: 90 * DAY,
      pruneIntervalMs: 600_000,
    });
  });

  it.each([
    ['EVENT_RETENTION', 'forever'],
    ['EVENT_RETENTION', '0s'],
    ['WEBHOOK_LOG_RETENTION', '400d'],
    ['PRUNE_INTERVAL', '10ms'],
    ['PRUNE_INTERVAL', '2d'],
  ])('stops start-up naming %s for %j', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(new RegExp(`^${name} must be`));
  });
});
