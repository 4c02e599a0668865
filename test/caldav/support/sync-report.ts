import { expect } from 'vitest';
import { childElement, childElements, parseDavXml } from '../../../src/caldav/dav-xml.js';
import { dav } from '../../../src/caldav/dav-namespaces.js';

/** A sync-collection REPORT body (RFC 6578) asking for getetag, from a token ('' for a first sync). */
export const syncBody = (token: string, limit?: number) =>
  `<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level>` +
  `${limit ? `<d:limit><d:nresults>${limit}</d:nresults></d:limit>` : ''}<d:prop><d:getetag/></d:prop></d:sync-collection>`;

export interface SyncAnswer {
  token: string;
  /** href → etag, for members changed or added */
  changed: Record<string, string>;
  /** hrefs answered 404 (gone) */
  gone: string[];
  /** hrefs answered with another status (507 for a truncated answer) */
  other: Record<string, number>;
}

export async function readSync(response: Response): Promise<SyncAnswer> {
  const text = await response.text();
  expect(response.status, text).toBe(207);
  const root = parseDavXml(text)!;
  const answer: SyncAnswer = { token: childElement(root, dav('sync-token'))!.text, changed: {}, gone: [], other: {} };
  for (const entry of childElements(root, dav('response'))) {
    const href = decodeURIComponent(childElement(entry, dav('href'))!.text);
    const status = childElement(entry, dav('status'));
    if (status) {
      const code = Number(/ (\d{3})/.exec(status.text)![1]);
      if (code === 404) answer.gone.push(href);
      else answer.other[href] = code;
      continue;
    }
    const etag = childElement(childElement(childElement(entry, dav('propstat')), dav('prop')), dav('getetag'))!.text;
    answer.changed[href] = etag;
  }
  return answer;
}
