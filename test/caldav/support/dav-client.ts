import { expect } from 'vitest';
import { childElement, childElements, parseDavXml, type XmlElement } from '../../../src/caldav/dav-xml.js';
import { dav } from '../../../src/caldav/dav-namespaces.js';
import type { TestService } from '../../support/test-service.js';
import { jsonRequest } from '../../support/test-service.js';

/** `Authorization: Basic …` for a user id and password. */
export const basic = (userId: string, password: string) => `Basic ${Buffer.from(`${userId}:${password}`, 'utf8').toString('base64')}`;

/** Makes an app password through REST; answers the created body (with the password). */
export async function makeAppPassword(service: TestService, userId: string, name = 'phone'): Promise<{ id: number; name: string; password: string; createdAt: string }> {
  const response = await service.request(userId, '/me/app-passwords', jsonRequest('POST', { name }));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number; name: string; password: string; createdAt: string };
}

/** A request under /dav/ with Basic credentials (null: none). */
export function davRequest(
  service: TestService,
  credentials: { userId: string; password: string } | null,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (credentials) headers.authorization = basic(credentials.userId, credentials.password);
  return fetch(`${service.url}${path}`, { method: init.method ?? 'PROPFIND', headers, ...(init.body !== undefined ? { body: init.body } : {}) });
}

/** Asserts a DAV error answer: the status, an XML body with `<d:error>` and a message. */
export async function expectDavError(response: Response, status: number, condition?: string): Promise<string> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  expect(text, text).toMatch(/<d:error xmlns:d="DAV:"/);
  expect(text).toMatch(/<t:message>[^<]+<\/t:message>/);
  if (condition) expect(text).toContain(condition);
  return text;
}

/** A 207 answer read: per href, its found properties (by Clark name) and the names it lacks. */
export async function readMultistatus(response: Response): Promise<Map<string, { found: Map<string, XmlElement>; missing: string[] }>> {
  const text = await response.text();
  expect(response.status, text).toBe(207);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  const root = parseDavXml(text)!;
  const result = new Map<string, { found: Map<string, XmlElement>; missing: string[] }>();
  for (const entry of childElements(root, dav('response'))) {
    const found = new Map<string, XmlElement>();
    const missing: string[] = [];
    for (const propstat of childElements(entry, dav('propstat'))) {
      const ok = childElement(propstat, dav('status'))!.text.includes(' 200 ');
      for (const prop of childElement(propstat, dav('prop'))!.children) {
        if (ok) found.set(prop.name, prop);
        else missing.push(prop.name);
      }
    }
    result.set(decodeURIComponent(childElement(entry, dav('href'))!.text), { found, missing });
  }
  return result;
}

