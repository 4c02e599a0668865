import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

describe('SMTP_URL and MAIL_FROM', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/tickler-mail-config', ...env });

  it('leave email off when SMTP_URL is unset', () => {
    expect(load({}).mail).toEqual({ smtpUrl: null, from: '', digestIntervalMs: 60_000, concurrency: 16, maxConnections: 4, maxMessages: 100 });
  });

  it('take smtp:// and smtps:// URLs, with MAIL_FROM defaulting to tickler@ the public host', () => {
    expect(load({ SMTP_URL: 'smtps://user:secret@mail.example.com:465', PUBLIC_URL: 'https://tickler.example.com' }).mail).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      from: 'Tickler <tickler@tickler.example.com>',
    });
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'ops@example.com', DIGEST_INTERVAL: '30s' }).mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'ops@example.com',
      digestIntervalMs: 30_000,
      concurrency: 16,
      maxConnections: 4,
      maxMessages: 100,
    });
  });

  it('take the sending limits: mails in flight and the SMTP connection pool', () => {
    expect(load({ SMTP_URL: 'smtp://127.0.0.1', EMAIL_CONCURRENCY: '32', SMTP_MAX_CONNECTIONS: '8', SMTP_MAX_MESSAGES: '20' }).mail).toMatchObject({
      concurrency: 32,
      maxConnections: 8,
      maxMessages: 20,
    });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ SMTP_URL: 'mail.example.com' }, /SMTP_URL must be/],
    [{ MAIL_FROM: 'ops@example.com' }, /MAIL_FROM is set but SMTP_URL is not/],
    [{ SMTP_URL: 'smtp://127.0.0.1', MAIL_FROM: 'Tickler <not an address>' }, /MAIL_FROM must be an address/],
    [{ SMTP_URL: 'smtp://127.0.0.1', DIGEST_INTERVAL: 'often' }, /DIGEST_INTERVAL must be a duration/],
    [{ SMTP_URL: 'smtp://127.0.0.1', EMAIL_CONCURRENCY: '0' }, /EMAIL_CONCURRENCY must be an integer from 1 to 1000, got "0"/],
    [{ SMTP_URL: 'smtp://127.0.0.1', SMTP_MAX_CONNECTIONS: 'many' }, /SMTP_MAX_CONNECTIONS must be an integer from 1 to 100/],
    [{ SMTP_URL: 'smtp://127.0.0.1', SMTP_MAX_MESSAGES: '-5' }, /SMTP_MAX_MESSAGES must be an integer/],
  ])('refuse %o with one line naming the variable', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});

describe.each(PROVIDERS)('a service without SMTP_URL on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('says email is unavailable, takes no address, and still keeps the channel settings', async () => {
    const config = (await (await service.request(null, '/auth/config')).json()) as { capabilities: Record<string, boolean> };
    expect(config.capabilities.email).toBe(false);
    const refused = await service.request('nomail', '/me', jsonRequest('PATCH', { email: 'ada@example.com', timeZone: 'Europe/Paris' }));
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: 404, message: expect.stringContaining('SMTP_URL') });
    expect(await (await service.request('nomail', '/me')).json()).toMatchObject({ email: null, emailConfirmed: false, timeZone: 'UTC' });
    const settings = await service.request('nomail', '/me/notifications', jsonRequest('PATCH', { digest: { enabled: true, hour: 6 } }));
    expect(await settings.json()).toEqual({ push: true, email: false, digest: { enabled: true, hour: 6 } });
    const bad = await service.request('nomail', '/me/notifications', jsonRequest('PATCH', { digest: { hour: 25 } }));
    expect(bad.status).toBe(400);
    expect(await (await service.request('nomail', '/me/deliveries')).json()).toEqual([]);
  });
});
