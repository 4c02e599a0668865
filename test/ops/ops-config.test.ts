import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/tickler-config-test', ...env });

describe('operations configuration', () => {
  it('defaults to JSON logs (auto), no trusted proxy, loopback-only metrics, no CORS and budgets a phone never meets', () => {
    const config = load({});
    expect(config.logFormat).toBe('auto');
    expect(config.trustProxy).toBe(false);
    expect(config.metricsToken).toBeUndefined();
    expect(config.corsOrigins).toEqual([]);
    expect(config.rateLimits).toEqual({ perUser: 600, perAddress: 60, capturePerUser: 30, windowMs: 60_000, keyPrefix: 'tickler:rate-limit:' });
    expect(config.sqliteBusyTimeoutMs).toBe(10_000);
  });

  it('takes every setting from the environment', () => {
    const config = load({
      LOG_FORMAT: 'pretty',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,loopback',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
      RATE_LIMIT_USER: '0',
      RATE_LIMIT_ADDRESS: '100',
      RATE_LIMIT_CAPTURE: '5',
      RATE_LIMIT_WINDOW: '10m',
      RATE_LIMIT_KEY_PREFIX: 'prod:rl:',
      SQLITE_BUSY_TIMEOUT: '2s',
    });
    expect(config.logFormat).toBe('pretty');
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1', 'loopback']);
    expect(config.metricsToken).toBe('a-long-enough-metrics-token');
    expect(config.corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(config.rateLimits).toEqual({ perUser: 0, perAddress: 100, capturePerUser: 5, windowMs: 600_000, keyPrefix: 'prod:rl:' });
    expect(config.sqliteBusyTimeoutMs).toBe(2_000);
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    ['LOG_FORMAT', 'yaml'],
    ['TRUST_PROXY', 'yes please'],
    ['METRICS_TOKEN', 'short'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'https://app.example.com/'],
    ['CORS_ORIGINS', 'app.example.com'],
    ['RATE_LIMIT_USER', '-1'],
    ['RATE_LIMIT_ADDRESS', 'lots'],
    ['RATE_LIMIT_CAPTURE', '1.5'],
    ['RATE_LIMIT_WINDOW', '2h'],
    ['RATE_LIMIT_KEY_PREFIX', 'has space'],
    ['SQLITE_BUSY_TIMEOUT', 'forever'],
  ])('stops start-up naming %s for %j', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(new RegExp(`^${name} must`));
  });
});
