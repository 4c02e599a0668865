import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { generateVapidKeys } from '../../src/push/vapid-keys.js';
import { QUICK_BACKGROUND_ENV } from '../ops/quick-background-env.js';
import { runTickler } from '../support/cli.js';
import { expectErrorResponse } from '../support/error-body.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../webhooks/support/receiver.js';
import { startPushService, type PushServiceStandIn } from './support/push-service.js';

/** A fresh VAPID key pair as the settings take it. */
function keyPair() {
  const { publicKey, privateKey } = generateVapidKeys();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
}

describe('push configuration', () => {
  it('takes a mailto: or https: PUSH_CONTACT at a real domain and refuses anything else at start', () => {
    expect(loadConfig({ PUSH_CONTACT: 'mailto:ops@example.com' }).push.contact).toBe('mailto:ops@example.com');
    expect(loadConfig({ PUSH_CONTACT: 'https://tickler.example.com/contact' }).push.contact).toBe('https://tickler.example.com/contact');
    const bad = [
      'ops@example.com', 'mailto:', 'mailto:nobody', 'http://example.com', 'https://', 'ftp://x',
      // Push services (Apple's) refuse a subject at an address or a name that is no domain.
      'mailto:tickler@127.0.0.1', 'mailto:tickler@::1', 'mailto:ops@localhost', 'mailto:ops@dev.localhost', 'mailto:ops@intranet',
      'https://127.0.0.1/contact', 'https://[::1]/', 'https://localhost/', 'mailto:%E0%A4%A@example.com',
    ];
    for (const contact of bad) {
      expect(() => loadConfig({ PUSH_CONTACT: contact }), contact).toThrow(ConfigError);
      expect(() => loadConfig({ PUSH_CONTACT: contact }), contact).toThrow(/^PUSH_CONTACT must be a mailto: address or an https: URL at a real domain/);
    }
    expect(() => loadConfig({ PUSH_CONTACT: 'mailto:tickler@127.0.0.1' })).toThrow('"mailto:tickler@127.0.0.1" names an IP address (127.0.0.1), not a domain');
  });

  it('defaults the contact from PUBLIC_URL when that gives a real domain', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://tickler.example.com' }).push.contact).toBe('https://tickler.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://tickler.lan:3000' }).push.contact).toBe('mailto:tickler@tickler.lan');
  });

  it('turns push off, naming PUSH_CONTACT, when PUBLIC_URL gives no usable contact and push was not configured', () => {
    for (const publicUrl of [undefined, 'http://127.0.0.1:3000', 'http://localhost:3000', 'https://192.168.1.20', 'http://[::1]:3000', 'http://tickler:3000']) {
      const { push } = loadConfig(publicUrl ? { PUBLIC_URL: publicUrl } : {});
      expect(push.contact, publicUrl).toBeNull();
      expect(push.offReason).toMatch(/^push notifications are off: PUSH_CONTACT is unset and PUBLIC_URL \S+ gives no usable contact .*; set PUSH_CONTACT to a mailto: address or an https: URL at a real domain/);
    }
  });

  it('refuses to start when VAPID keys are configured but no usable contact is', () => {
    expect(() => loadConfig({ ...keyPair(), PUBLIC_URL: 'http://127.0.0.1:3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...keyPair(), PUBLIC_URL: 'http://127.0.0.1:3000' })).toThrow(
      /^VAPID_PUBLIC_KEY is set but PUSH_CONTACT is unset and PUBLIC_URL http:\/\/127\.0\.0\.1:3000 gives no usable contact \("mailto:tickler@127\.0\.0\.1" names an IP address/,
    );
    expect(loadConfig({ ...keyPair(), PUSH_CONTACT: 'mailto:ops@example.com' }).push.contact).toBe('mailto:ops@example.com');
  });

  it('takes VAPID keys only as a matching pair', () => {
    const pair = { ...keyPair(), PUSH_CONTACT: 'mailto:ops@example.com' };
    expect(loadConfig(pair).push.vapidKeys).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: keyPair().VAPID_PRIVATE_KEY })).toThrow(/does not belong/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY, PUSH_CONTACT: pair.PUSH_CONTACT })).toThrow(/together/);
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY.slice(2) })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it('serves the configured public key and writes no key file then', async () => {
    const pair = { ...keyPair(), PUSH_CONTACT: 'mailto:ops@example.com' };
    const service = await startTestService('sqlite', { env: pair });
    try {
      const body = (await (await service.request('u', '/push/vapid-public-key')).json()) as { publicKey: string };
      expect(body.publicKey).toBe(pair.VAPID_PUBLIC_KEY);
      expect(existsSync(path.join(service.dataDir, 'keys', 'vapid.json'))).toBe(false);
    } finally {
      await service.close();
    }
  });
});

describe.each(PROVIDERS)('a service without a usable push contact, on %s', (provider) => {
  let service: TestService;
  let pushService: PushServiceStandIn;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    // Nothing should reach it; it stands ready to record what would.
    pushService = await startPushService({ publicKey: () => '', contact: 'mailto:tickler@127.0.0.1' });
    service = await startTestService(provider, {
      // PUBLIC_URL is http://127.0.0.1:<port> (the default), which gives mailto:tickler@127.0.0.1.
      env: { LOG_LEVEL: 'info', ...QUICK_BACKGROUND_ENV },
      logDestination: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)) },
    });
  });
  afterAll(async () => {
    await service?.close();
    await pushService?.close();
  });

  it('starts with one warning naming PUSH_CONTACT, and serves everything else', async () => {
    const warnings = lines.filter((line) => line.setting === 'PUSH_CONTACT');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn', msg: expect.stringMatching(/^push notifications are off: PUSH_CONTACT is unset/) });
    expect(lines.map((line) => line.msg)).toContain('background work started: outbox relay, webhook dispatcher, push dispatcher, reminder scheduler');
    expect((await service.request('push-off', '/tasks')).status).toBe(200);
  });

  it('refuses the key, new subscriptions and test messages with push/unavailable over REST and GraphQL', async () => {
    const browser = pushService.subscribe();
    const expected = /^Push notifications are off on this server: its operator has not set PUSH_CONTACT/;
    expect((await expectErrorResponse(await service.request('push-off', '/push/vapid-public-key'), 404)).message).toMatch(expected);
    const register = await service.request('push-off', '/push/subscriptions', jsonRequest('POST', { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys }));
    expect((await expectErrorResponse(register, 404)).message).toMatch(expected);
    expect(await service.database.db.pushSubscription.count({ where: { userId: 'push-off' } })).toBe(0);

    const key = await graphqlRequest(service, 'push-off', '{ pushPublicKey }');
    expect(key.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(expected), extensions: { code: 'NOT_FOUND', reason: 'push/unavailable' } });

    // A subscription made while push was on (another start) is kept and listed, but sends nothing.
    const kept = await service.database.db.pushSubscription.create({
      data: { userId: 'push-off', endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth },
    });
    expect((await (await service.request('push-off', '/push/subscriptions')).json()) as unknown[]).toHaveLength(1);
    const test = await service.request('push-off', `/push/subscriptions/${kept.id}/test`, { method: 'POST' });
    expect((await expectErrorResponse(test, 404)).message).toMatch(expected);
  });

  it('queues no push message when a reminder fires', async () => {
    const browser = pushService.subscribe();
    await service.database.db.pushSubscription.create({
      data: { userId: 'push-off-reminder', endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth },
    });
    const dueAt = new Date(Date.now() + 500).toISOString();
    expect((await service.request('push-off-reminder', '/tasks', jsonRequest('POST', { title: 'Remind me', dueAt, remindBefore: 0 }))).status).toBe(201);
    // Once the reminder's event went through the fan-out (webhooks and push), its deliveries would exist.
    await waitUntil(
      async () => (await service.database.db.event.count({ where: { userId: 'push-off-reminder', type: 'reminder.due', fannedOutAt: { not: null } } })) === 1,
      'the fired reminder to be fanned out',
    );
    expect(await service.database.db.pushDelivery.count({ where: { userId: 'push-off-reminder' } })).toBe(0);
    expect(pushService.requests()).toBe(0);
  });
});

describe('`tickler serve` with push configured but no usable contact', () => {
  it('stops with one line naming PUSH_CONTACT (exit 78)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-push-contact-'));
    try {
      const withKeys = await runTickler(['serve'], { DATA_DIR: dataDir, PORT: '0', ...keyPair() });
      expect(withKeys.code).toBe(78);
      expect(withKeys.stderr).toMatch(/^tickler: configuration error: VAPID_PUBLIC_KEY is set but PUSH_CONTACT is unset and PUBLIC_URL http:\/\/127\.0\.0\.1:0 gives no usable contact [^\n]*: set PUSH_CONTACT to [^\n]*\n$/);
      const ipContact = await runTickler(['serve'], { DATA_DIR: dataDir, PORT: '0', PUSH_CONTACT: 'mailto:tickler@127.0.0.1' });
      expect(ipContact.code).toBe(78);
      expect(ipContact.stderr).toBe(
        'tickler: configuration error: PUSH_CONTACT must be a mailto: address or an https: URL at a real domain (mailto:ops@example.com), ' +
          'the VAPID subject push services contact; "mailto:tickler@127.0.0.1" names an IP address (127.0.0.1), not a domain\n',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
