import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/tickler-config-test', ...env });
const OIDC = { AUTH_ISSUER: 'https://id.example.com', AUTH_AUDIENCE: 'tickler-api' };

describe('PUBLIC_URL', () => {
  it.each([
    [{}, 'http://127.0.0.1:3000'],
    [{ PORT: '8080' }, 'http://127.0.0.1:8080'],
    [{ HOST: '0.0.0.0', PORT: '3000' }, 'http://127.0.0.1:3000'],
    [{ HOST: '::' }, 'http://127.0.0.1:3000'],
    [{ HOST: '::1' }, 'http://[::1]:3000'],
    [{ HOST: 'localhost', PORT: '4000' }, 'http://localhost:4000'],
    [{ HOST: '192.168.1.20' }, 'http://192.168.1.20:3000'],
  ])('defaults from the listen address %o to %s', (env, expected) => {
    expect(load(env).publicUrl).toBe(expected);
  });

  it.each([
    ['https://tickler.example.com', 'https://tickler.example.com'],
    ['https://tickler.example.com/', 'https://tickler.example.com'],
    ['http://192.168.1.20:3000', 'http://192.168.1.20:3000'],
    ['https://Tickler.Example.com:443', 'https://tickler.example.com'],
  ])('takes %s as %s', (raw, expected) => {
    expect(load({ PUBLIC_URL: raw }).publicUrl).toBe(expected);
  });

  it.each([
    'tickler.example.com',
    'ftp://tickler.example.com',
    'https://tickler.example.com/app',
    'https://tickler.example.com/?x=1',
    'https://tickler.example.com?',
    'https://tickler.example.com/#top',
    'https://user:pass@tickler.example.com',
    'not a url',
  ])('stops start-up naming PUBLIC_URL for %j', (raw) => {
    expect(() => load({ PUBLIC_URL: raw })).toThrow(ConfigError);
    expect(() => load({ PUBLIC_URL: raw })).toThrow(/^PUBLIC_URL must be an http\(s\) URL/);
  });
});

describe('session lifetimes', () => {
  it('are 15 minutes (access tokens) and 30 days from last use (refresh tokens) by default, with a 30 s refresh grace', () => {
    expect(load({}).auth.sessions).toEqual({ accessTtlMs: 15 * 60_000, idleTtlMs: 30 * 86_400_000, refreshGraceMs: 30_000 });
  });

  it('come from SESSION_ACCESS_TTL, SESSION_IDLE_TTL and SESSION_REFRESH_GRACE', () => {
    expect(load({ SESSION_ACCESS_TTL: '5m', SESSION_IDLE_TTL: '7d', SESSION_REFRESH_GRACE: '5s' }).auth.sessions).toEqual({
      accessTtlMs: 5 * 60_000,
      idleTtlMs: 7 * 86_400_000,
      refreshGraceMs: 5_000,
    });
  });

  it.each([
    ['SESSION_ACCESS_TTL', 'soon'],
    ['SESSION_ACCESS_TTL', '1s'],
    ['SESSION_ACCESS_TTL', '2d'],
    ['SESSION_IDLE_TTL', '0d'],
    ['SESSION_IDLE_TTL', '400d'],
    ['SESSION_REFRESH_GRACE', '0s'],
    ['SESSION_REFRESH_GRACE', '10m'],
  ])('stops start-up naming %s for %j', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(new RegExp(`^${name} must be`));
  });

  it('refuses an idle lifetime no longer than the access token lifetime', () => {
    expect(() => load({ SESSION_ACCESS_TTL: '1h', SESSION_IDLE_TTL: '1h' })).toThrow(/^SESSION_IDLE_TTL must be longer/);
  });
});

describe('AUTH_CLIENT_ID', () => {
  it('is the web app’s client id in OIDC mode, unset by default', () => {
    expect(load({ ...OIDC, AUTH_CLIENT_ID: 'tickler-web' }).auth.clientId).toBe('tickler-web');
    expect(load(OIDC).auth.clientId).toBeUndefined();
  });

  it('is refused without AUTH_ISSUER, and when it is not visible ASCII', () => {
    expect(() => load({ AUTH_CLIENT_ID: 'tickler-web' })).toThrow(/^AUTH_CLIENT_ID is set but AUTH_ISSUER is not/);
    expect(() => load({ ...OIDC, AUTH_CLIENT_ID: 'has space' })).toThrow(/^AUTH_CLIENT_ID must be/);
  });
});
