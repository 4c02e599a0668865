import { isIP } from 'node:net';

/**
 * The VAPID `sub` (RFC 8292): how a push service reaches the sender's operator. Apple's push service
 * refuses a subject it cannot use (`mailto:tickler@127.0.0.1`), so only a real domain will do: a
 * `mailto:` address or an `https:` URL whose host is a name with a dot, not an IP address and not
 * localhost.
 */

/** Why `host` is no place a push service's operator can write to; null for a real domain name. */
function hostProblem(host: string): string | null {
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (bare === '') return 'names no host';
  if (isIP(bare)) return `names an IP address (${bare}), not a domain`;
  if (bare === 'localhost' || bare.endsWith('.localhost')) return `names ${bare}, not a public domain`;
  if (!bare.includes('.')) return `names ${bare}, not a domain (it has no dot)`;
  return null;
}

/** Why `contact` is not a usable VAPID subject; null when it is one. */
export function pushContactProblem(contact: string): string | null {
  let url: URL;
  try {
    url = new URL(contact);
  } catch {
    return 'is not a mailto: or https: URL';
  }
  if (url.protocol === 'mailto:') {
    let address: string;
    try {
      address = decodeURIComponent(url.pathname);
    } catch {
      return 'is not one mailto: address (mailto:name@domain)';
    }
    const match = /^[^@\s]+@([^@\s]+)$/.exec(address);
    if (!match) return 'is not one mailto: address (mailto:name@domain)';
    return hostProblem(match[1]!);
  }
  if (url.protocol === 'https:') return hostProblem(url.hostname);
  return 'is not a mailto: or https: URL';
}

/** The subject when PUSH_CONTACT is unset: PUBLIC_URL when it is https, otherwise mailto:tickler@ its host. */
export function defaultPushContact(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' ? publicUrl : `mailto:tickler@${url.hostname.replace(/^\[|\]$/g, '')}`;
}
