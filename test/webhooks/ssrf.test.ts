import { createECDH } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveWithSystem, type ResolveHost } from '../../src/webhooks/webhook-url-policy.js';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from './support/receiver.js';

/** A browser's subscription keys: an uncompressed P-256 point and a 16-byte secret. */
const P256DH = createECDH('prime256v1').generateKeys().toString('base64url');
const AUTH = Buffer.alloc(16, 7).toString('base64url');

/** A public address (no DNS needed); nothing in these tests ever sends to it. */
const PUBLIC_URL = 'https://93.184.215.14/hooks/tickler';

describe.each(PROVIDERS)('webhook targets with insecure mode off, on %s', (provider) => {
  let service: TestService;
  // Stands in for a DNS server that answers a public address at registration, then loopback (rebinding).
  let rebindAnswers = 0;
  const resolveHost: ResolveHost = async (hostname) => {
    // An internal name, as a company's DNS would answer it.
    if (hostname === 'db.internal.example') return [{ address: '10.20.30.40', family: 4 }];
    if (hostname !== 'rebind.example') return resolveWithSystem(hostname);
    rebindAnswers += 1;
    return [{ address: rebindAnswers === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
  };

  beforeAll(async () => {
    service = await startTestService(provider, { env: { WEBHOOK_SWEEP_INTERVAL: '100ms', PUSH_CONTACT: 'mailto:ops@tickler.example' }, resolveHost });
  });
  afterAll(async () => service?.close());

  const register = (url: string) => service.request('mallory', '/webhooks', jsonRequest('POST', { url }));

  it.each([
    ['loopback', 'https://127.0.0.1/hook', /127\.0\.0\.1 is a loopback address/],
    ['another loopback', 'https://127.1.2.3:8443/hook', /loopback/],
    ['a 10.x private address', 'https://10.1.2.3/hook', /private/],
    ['a 172.16/12 private address', 'https://172.20.0.5/hook', /private/],
    ['a 192.168 private address', 'https://192.168.0.10/hook', /private/],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/', /link-local/],
    ['the IPv6 loopback', 'https://[::1]/hook', /loopback/],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hook', /IPv4-mapped .*loopback/],
    ['IPv4-mapped IPv6 metadata', 'https://[::ffff:169.254.169.254]/hook', /IPv4-mapped .*link-local/],
    ['an IPv6 link-local address', 'https://[fe80::1]/hook', /link-local/],
    ['an IPv6 unique local address', 'https://[fd00:ec2::254]/hook', /unique local/],
    ['a multicast address', 'https://224.0.0.1/hook', /multicast/],
    ['the unspecified address', 'https://0.0.0.0/hook', /this network/],
    ['loopback written as a number', 'https://2130706433/hook', /loopback/],
    ['a name that resolves to loopback', 'https://localhost/hook', /^url host localhost does not resolve to a public address; webhooks only go to public addresses$/],
    ['a name that does not resolve', 'https://tickler-test.invalid/hook', /does not resolve to a public address/],
    ['plain http', 'http://93.184.215.14/hook', /https/],
  ])('refuses to register %s', async (_name, url, reason) => {
    const body = await expectErrorResponse(await register(url), 400);
    expect(body.message).toMatch(reason);
  });

  it('never says what a name resolves to: an internal name, loopback and no answer at all are refused alike', async () => {
    const messages = [];
    for (const host of ['db.internal.example', 'localhost', 'tickler-test.invalid']) {
      const { message } = await expectErrorResponse(await register(`https://${host}/hook`), 400);
      expect(message).not.toMatch(/10\.20\.30\.40|127\.0\.0\.1|::1|loopback|private|resolves to/);
      messages.push(message.replace(host, '<host>'));
    }
    expect(new Set(messages).size).toBe(1);
    // Push endpoints are held to the same policy, and refused the same way.
    const push = await service.request(
      'mallory',
      '/push/subscriptions',
      jsonRequest('POST', { endpoint: 'https://db.internal.example/push', keys: { p256dh: P256DH, auth: AUTH } }),
    );
    const { message } = await expectErrorResponse(push, 400);
    expect(message).toBe('endpoint host db.internal.example does not resolve to a public address; push messages only go to public addresses');
  });

  it('accepts a public https address, and refuses to change it to a private one', async () => {
    const response = await register(PUBLIC_URL);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const changed = await service.request('mallory', `/webhooks/${id}`, jsonRequest('PATCH', { url: 'https://10.0.0.1/' }));
    expect((await expectErrorResponse(changed, 400)).message).toMatch(/private/);
    expect(await (await service.request('mallory', `/webhooks/${id}`)).json()).toMatchObject({ url: PUBLIC_URL });
  });

  it('checks again at delivery time: a host that now resolves to loopback gets no connection, and the attempt says why', async () => {
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      const response = await register(`https://rebind.example:${port}/hook`);
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      expect((await service.request('mallory', `/webhooks/${id}/test`, { method: 'POST' })).status).toBe(202);
      let attempts: Array<Record<string, any>> = [];
      await waitUntil(async () => {
        attempts = (await (await service.request('mallory', `/webhooks/${id}/deliveries`)).json()) as typeof attempts;
        return attempts.length > 0;
      }, 'the refused attempt');
      expect(attempts[0]).toMatchObject({
        attempt: 1,
        statusCode: null,
        deliveryState: 'pending',
        error: 'refused: url host rebind.example does not resolve to a public address; webhooks only go to public addresses',
      });
      expect(connections).toBe(0);
      expect(rebindAnswers).toBeGreaterThanOrEqual(2);
    } finally {
      listener.close();
    }
  });
});
