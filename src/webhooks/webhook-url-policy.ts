import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { forbiddenAddressReason } from './address-ranges.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (the system resolver by default; tests pass their own). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface WebhookUrlPolicy {
  /** true (WEBHOOK_ALLOW_INSECURE): http:// and any address, for local development and tests. */
  allowInsecure: boolean;
  resolve: ResolveHost;
}

/** What the registration operations need besides the caller, whichever transport calls them. */
export interface WebhookRegistrationDeps {
  urlPolicy: WebhookUrlPolicy;
}

export const URL_MAX_LENGTH = 2048;

export const resolveWithSystem: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Why a webhook cannot go to this URL; the message is meant for the endpoint's owner. */
export class WebhookTargetError extends Error {
  override name = 'WebhookTargetError';
}

/** The URL's own form: absolute, https (http too in insecure mode), no credentials. */
export function parseWebhookUrl(raw: string, policy: Pick<WebhookUrlPolicy, 'allowInsecure'>): URL {
  if (raw.length > URL_MAX_LENGTH) throw new WebhookTargetError(`url must be at most ${URL_MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError('url must be an absolute URL, e.g. https://example.com/hooks/tickler');
  }
  const schemes = policy.allowInsecure ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new WebhookTargetError(policy.allowInsecure ? 'url must be an http(s) URL' : 'url must be an https:// URL');
  }
  if (url.username || url.password) throw new WebhookTargetError('url must not contain credentials');
  if (url.hostname === '') throw new WebhookTargetError('url must name a host');
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * A name that resolves to no address, or to one that is not public: one refusal for both, naming no
 * address. Saying which address (or which kind, or that the name does not exist) would let a user map
 * the names of the internal network one registration at a time.
 */
const notPublic = (host: string) =>
  new WebhookTargetError(`url host ${host} does not resolve to a public address; webhooks only go to public addresses`);

/**
 * Resolves the URL's host and returns the address to connect to. Unless insecure mode is on, every
 * address the name resolves to must be a public unicast one: a name that also resolves to a private
 * address is refused, so DNS answers cannot steer a delivery into the internal network. An address the
 * user wrote themselves is refused with its reason ("a loopback address"); a name's answers are never told.
 */
export async function resolveWebhookTarget(url: URL, policy: WebhookUrlPolicy): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const literal = isIP(host);
  if (literal) {
    const reason = policy.allowInsecure ? null : forbiddenAddressReason(host);
    if (reason) throw new WebhookTargetError(`url host ${host} is ${reason}; webhooks only go to public addresses`);
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolve(host);
  } catch {
    addresses = [];
  }
  if (policy.allowInsecure) {
    if (addresses.length === 0) throw new WebhookTargetError(`url host ${host} does not resolve`);
    return addresses[0]!;
  }
  if (addresses.length === 0 || addresses.some(({ address }) => forbiddenAddressReason(address) !== null)) throw notPublic(host);
  return addresses[0]!;
}

/** The check made at registration: the form, then (unless insecure) where the host resolves now. */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): Promise<string> {
  const url = parseWebhookUrl(raw, policy);
  if (!policy.allowInsecure) await resolveWebhookTarget(url, policy);
  return url.href;
}
