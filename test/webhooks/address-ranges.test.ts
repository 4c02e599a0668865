import { describe, expect, it } from 'vitest';
import { forbiddenAddressReason } from '../../src/webhooks/address-ranges.js';
import { checkWebhookUrl, resolveWebhookTarget, type ResolveHost } from '../../src/webhooks/webhook-url-policy.js';

describe('which addresses may receive webhooks', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['127.255.0.9', /loopback/],
    ['10.0.0.1', /private/],
    ['172.16.5.4', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /link-local .*metadata/],
    ['100.100.100.200', /carrier-grade/],
    ['0.0.0.0', /this network/],
    ['224.0.0.251', /multicast/],
    ['255.255.255.255', /broadcast/],
    ['192.0.2.10', /documentation/],
    ['198.18.0.1', /benchmarking/],
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['::ffff:127.0.0.1', /IPv4-mapped .*loopback/],
    ['::ffff:7f00:1', /IPv4-mapped .*loopback/],
    ['::ffff:a9fe:a9fe', /IPv4-mapped .*link-local/],
    ['::ffff:10.1.2.3', /IPv4-mapped .*private/],
    ['64:ff9b::a00:1', /NAT64 .*private/],
    ['2002:c0a8:101::1', /6to4 .*private/],
    ['::7f00:1', /reserved/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /scoped/],
    ['fd00:ec2::254', /unique local/],
    ['fc00::1', /unique local/],
    ['ff02::1', /multicast/],
    ['2001:db8::1', /documentation/],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', /Teredo/],
    ['not-an-ip', /not an IP/],
  ])('refuses %s (%s)', (address, reason) => {
    expect(forbiddenAddressReason(address)).toMatch(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'accepts the public address %s',
    (address) => {
      expect(forbiddenAddressReason(address)).toBeNull();
    },
  );
});

describe('resolving a webhook host', () => {
  const policy = (resolve: ResolveHost, allowInsecure = false) => ({ allowInsecure, resolve });
  const fixed = (...addresses: string[]): ResolveHost => async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));

  it('refuses a name when any address it resolves to is not public, without saying which or what kind', async () => {
    const refusal = 'url host hooks.example does not resolve to a public address; webhooks only go to public addresses';
    await expect(checkWebhookUrl('https://hooks.example/x', policy(fixed('93.184.215.14', '10.0.0.7')))).rejects.toThrow(refusal);
    await expect(checkWebhookUrl('https://hooks.example/x', policy(fixed('::1')))).rejects.toThrow(refusal);
    // An address the user typed is theirs to know: its reason is given.
    await expect(checkWebhookUrl('https://10.0.0.7/x', policy(fixed()))).rejects.toThrow('url host 10.0.0.7 is a private address');
  });

  it('returns the checked address to connect to, so a later DNS answer cannot change where the request goes', async () => {
    const target = await resolveWebhookTarget(new URL('https://hooks.example/x'), policy(fixed('93.184.215.14')));
    expect(target).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('refuses a name that does not resolve, and accepts a public one in its normalised form', async () => {
    const failing: ResolveHost = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(checkWebhookUrl('https://nowhere.invalid/', policy(failing))).rejects.toThrow(
      'url host nowhere.invalid does not resolve to a public address',
    );
    await expect(resolveWebhookTarget(new URL('http://nowhere.invalid/'), policy(failing, true))).rejects.toThrow('url host nowhere.invalid does not resolve');
    expect(await checkWebhookUrl('https://HOOKS.example:443/a?b=1', policy(fixed('93.184.215.14')))).toBe('https://hooks.example/a?b=1');
  });

  it('in insecure mode accepts http and private addresses', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:8080/x', policy(fixed(), true))).toBe('http://127.0.0.1:8080/x');
    expect(await resolveWebhookTarget(new URL('http://db.internal/x'), policy(fixed('10.0.0.2'), true))).toEqual({
      address: '10.0.0.2',
      family: 4,
    });
  });
});
