import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../../fixtures/caldav/', import.meta.url));

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** The fixture files of one client, by name (test/fixtures/caldav/<client>/*.http). */
export function recordedRequests(client: string): string[] {
  return readdirSync(`${FIXTURES}${client}`).filter((name) => name.endsWith('.http')).sort();
}

/**
 * Reads a recorded request (`# comments`, request line, headers, blank line, body) with its
 * `{{name}}` placeholders filled in; the line endings of the body are kept as recorded.
 */
export function loadRecordedRequest(client: string, name: string, values: Record<string, string>): RecordedRequest {
  const text = readFileSync(`${FIXTURES}${client}/${name}`, 'utf8').replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${client}/${name} needs {{${key}}}`);
    return value;
  });
  const split = /\r?\n\r?\n/.exec(text);
  if (!split) throw new Error(`${client}/${name} has no blank line after its headers`);
  const head = text.slice(0, split.index).split(/\r?\n/).filter((line) => !line.startsWith('#'));
  const [method, path] = head[0]!.split(' ') as [string, string];
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { method, path, headers, body: text.slice(split.index + split[0].length) };
}
