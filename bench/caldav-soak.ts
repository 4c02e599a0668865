/**
 * `npm run soak:caldav`: CalDAV clients syncing alongside REST load, against `tickler serve` as a
 * separate process on loopback, for SOAK_DURATION seconds (default 600) per database.
 *  - SOAK_CLIENTS CalDAV clients (default 10), each with its own app password on one user's Inbox,
 *    sync every SOAK_SYNC_INTERVAL ms (default 5 000) with sync-collection from their last token,
 *    keeping href → etag as a client does; every third round each also PUTs a task of its own.
 *  - REST load: SOAK_REST_RATE writes a second (default 20, one at a time): creates, title changes,
 *    completions (REST DELETE) and deletions (GraphQL deleteTask), the list kept under 300 tasks.
 * Then writes stop and every client syncs once more. Prints the errors (any non-2xx or failed request),
 * the lost writes (a write that no sync answer of some client, ending after the write was sent,
 * named as changed or gone; or a client whose objects at the end differ from the collection's), and
 * the service's resident memory at start, after a warm-up (a fifth of the run, at most a minute) and
 * at the end. SOAK_PROVIDERS (default "sqlite"); SOAK_NODE_OPTIONS: NODE_OPTIONS of the service alone
 * (a heap cap tells a leak from a lazy collector). Exits 1 on an error or a lost write.
 */
import { performance } from 'node:perf_hooks';
import type { DatabaseProvider } from '../src/config.js';
import { hrefsIn, syncCollectionBody, syncTokenIn, withCaldavService, type CaldavBenchService } from './support/caldav-service.js';
import { residentBytes } from './support/processes.js';

const DURATION_S = Number(process.env.SOAK_DURATION ?? 600);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 10);
const SYNC_INTERVAL_MS = Number(process.env.SOAK_SYNC_INTERVAL ?? 5000);
const REST_RATE = Number(process.env.SOAK_REST_RATE ?? 20);
const PROVIDERS = (process.env.SOAK_PROVIDERS ?? 'sqlite').split(',') as DatabaseProvider[];
const MAX_TASKS = 300;
const USER = 'soak';
const INBOX = `/dav/calendars/${USER}/inbox/`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Write {
  href: string;
  kind: 'create' | 'update' | 'complete' | 'delete' | 'put';
  /** performance.now() when the write was sent: a sync answer that ended before it cannot know of it. */
  sentAt: number;
}

interface Answer {
  endedAt: number;
  hrefs: Set<string>;
}

interface SoakClient {
  authorization: string;
  token: string;
  objects: Map<string, string>;
  answers: Answer[];
}

interface Result {
  provider: DatabaseProvider;
  syncs: number;
  writes: number;
  errors: string[];
  lost: string[];
  rssStart: number;
  /** After a warm-up (a fifth of the run, at most a minute): the service's code is compiled by then. */
  rssWarm: number;
  rssEnd: number;
}

async function syncOnce(service: CaldavBenchService, client: SoakClient, errors: string[]): Promise<void> {
  const response = await fetch(`${service.base}${INBOX}`, {
    method: 'REPORT',
    headers: { authorization: client.authorization, depth: '0', 'content-type': 'application/xml' },
    body: syncCollectionBody(client.token),
  });
  const text = await response.text();
  if (response.status !== 207) {
    errors.push(`sync answered ${response.status}: ${text.slice(0, 200)}`);
    return;
  }
  const hrefs = new Set<string>();
  for (const { href, status } of hrefsIn(text)) {
    hrefs.add(href);
    if (status === 404) client.objects.delete(href);
    else if (status === 200) client.objects.set(href, /<d:getetag>([^<]*)<\/d:getetag>/.exec(text.slice(text.indexOf(href)))?.[1] ?? '');
    else errors.push(`sync answered ${status} for ${href}`);
  }
  client.token = syncTokenIn(text);
  client.answers.push({ endedAt: performance.now(), hrefs });
}

/** One REST (or GraphQL) write, chosen to keep the list busy but bounded. */
async function restWrite(service: CaldavBenchService, headers: Record<string, string>, live: string[], completed: Set<string>, n: number, errors: string[]): Promise<Write | null> {
  const json = { ...headers, 'content-type': 'application/json' };
  const roll = n % 20;
  const sentAt = performance.now();
  const pick = () => live[(n * 7919) % live.length]!;
  if (live.length < 20 || (roll < 10 && live.length < MAX_TASKS)) {
    const response = await fetch(`${service.base}/tasks`, { method: 'POST', headers: json, body: JSON.stringify({ title: `soak ${n}` }) });
    if (response.status !== 201) return void errors.push(`POST /tasks answered ${response.status}`), null;
    const { id } = (await response.json()) as { id: number };
    live.push(String(id));
    return { href: `${INBOX}tickler-${id}.ics`, kind: 'create', sentAt };
  }
  const id = pick();
  // Completing a completed task changes nothing (and is no write a sync could tell of): change its title instead.
  if (roll < 16 || (roll < 17 && completed.has(id))) {
    const response = await fetch(`${service.base}/tasks/${id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ title: `soak ${n} changed` }) });
    if (response.status !== 200) return void errors.push(`PATCH /tasks/${id} answered ${response.status}`), null;
    return { href: `${INBOX}tickler-${id}.ics`, kind: 'update', sentAt };
  }
  if (roll < 17) {
    const response = await fetch(`${service.base}/tasks/${id}`, { method: 'DELETE', headers });
    if (response.status !== 204) return void errors.push(`DELETE /tasks/${id} answered ${response.status}`), null;
    completed.add(id);
    return { href: `${INBOX}tickler-${id}.ics`, kind: 'complete', sentAt };
  }
  const response = await fetch(`${service.base}/graphql`, { method: 'POST', headers: json, body: JSON.stringify({ query: 'mutation($id: ID!) { deleteTask(id: $id) { id } }', variables: { id } }) });
  const body = (await response.json()) as { errors?: unknown };
  if (response.status !== 200 || body.errors) return void errors.push(`deleteTask ${id}: ${response.status} ${JSON.stringify(body.errors)}`), null;
  live.splice(live.indexOf(id), 1);
  return { href: `${INBOX}tickler-${id}.ics`, kind: 'delete', sentAt };
}

async function soak(provider: DatabaseProvider): Promise<Result> {
  // SOAK_NODE_OPTIONS: node options of the service only (e.g. a heap cap, to tell a leak from a lazy GC).
  const env: Record<string, string> = process.env.SOAK_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SOAK_NODE_OPTIONS } : {};
  return withCaldavService(provider, env, async (service) => {
    const errors: string[] = [];
    const writes: Write[] = [];
    const clients: SoakClient[] = [];
    for (let i = 0; i < CLIENTS; i += 1) clients.push({ authorization: await service.basic(USER), token: '', objects: new Map(), answers: [] });
    const headers = await service.bearer(USER);
    const live: string[] = [];
    const completed = new Set<string>();
    for (const client of clients) await syncOnce(service, client, errors);
    await sleep(500);
    const rssStart = residentBytes(service.process.pid!);
    const end = performance.now() + DURATION_S * 1000;
    let syncs = 0;

    const restLoop = async () => {
      for (let n = 0; performance.now() < end; n += 1) {
        const planned = performance.now() + 1000 / REST_RATE;
        try {
          const write = await restWrite(service, headers, live, completed, n, errors);
          if (write) writes.push(write);
        } catch (error) {
          errors.push(`REST write: ${String(error)}`);
        }
        await sleep(Math.max(0, planned - performance.now()));
      }
    };
    const clientLoop = async (client: SoakClient, index: number) => {
      // Spread over the interval, as independent devices would be.
      await sleep((SYNC_INTERVAL_MS * index) / CLIENTS);
      for (let round = 0; performance.now() < end; round += 1) {
        const planned = performance.now() + SYNC_INTERVAL_MS;
        try {
          await syncOnce(service, client, errors);
          syncs += 1;
          if (round % 3 === 2) {
            const name = `client-${index}-${round}.ics`;
            const body = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//soak//EN', 'BEGIN:VTODO', `UID:client-${index}-${round}`, 'DTSTAMP:20261120T101612Z', `SUMMARY:from client ${index}`, 'END:VTODO', 'END:VCALENDAR', ''].join('\r\n');
            const sentAt = performance.now();
            const response = await fetch(`${service.base}${INBOX}${name}`, { method: 'PUT', headers: { authorization: client.authorization, 'content-type': 'text/calendar', 'if-none-match': '*' }, body });
            if (response.status !== 201) errors.push(`PUT ${name} answered ${response.status}`);
            else writes.push({ href: `${INBOX}${name}`, kind: 'put', sentAt });
          }
        } catch (error) {
          errors.push(`sync: ${String(error)}`);
        }
        await sleep(Math.max(0, planned - performance.now()));
      }
    };
    let rssWarm = rssStart;
    const warm = setTimeout(() => (rssWarm = residentBytes(service.process.pid!)), Math.min(60_000, (DURATION_S * 1000) / 5));
    await Promise.all([restLoop(), ...clients.map(clientLoop)]);
    clearTimeout(warm);

    // Writes have stopped: one more sync each, then every write must have been told to every client.
    for (const client of clients) await syncOnce(service, client, errors);
    const lost: string[] = [];
    for (const write of writes) {
      const missedBy = clients.filter((client) => !client.answers.some((answer) => answer.endedAt >= write.sentAt && answer.hrefs.has(write.href))).length;
      if (missedBy > 0) lost.push(`${write.kind} of ${write.href} never answered to ${missedBy} client(s)`);
    }
    const fresh: SoakClient = { authorization: clients[0]!.authorization, token: '', objects: new Map(), answers: [] };
    await syncOnce(service, fresh, errors);
    clients.forEach((client, index) => {
      const differs = [
        ...[...fresh.objects].filter(([href, etag]) => client.objects.get(href) !== etag).map(([href]) => `${href} (${client.objects.has(href) ? 'another etag' : 'missing'})`),
        ...[...client.objects.keys()].filter((href) => !fresh.objects.has(href)).map((href) => `${href} (not in the collection)`),
      ];
      if (differs.length > 0) lost.push(`client ${index} ends with ${differs.length} object(s) differing from the collection: ${differs.slice(0, 3).join(', ')}`);
    });
    const rssEnd = residentBytes(service.process.pid!);
    return { provider, syncs, writes: writes.length, errors, lost, rssStart, rssWarm, rssEnd };
  });
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
let failed = false;
console.log(`\nCalDAV soak on loopback: ${CLIENTS} clients syncing every ${SYNC_INTERVAL_MS} ms, REST load ${REST_RATE} writes/s, ${DURATION_S} s`);
for (const provider of PROVIDERS) {
  const result = await soak(provider);
  failed ||= result.errors.length > 0 || result.lost.length > 0;
  console.log(
    `${provider.padEnd(11)} syncs ${result.syncs}  writes ${result.writes}  errors ${result.errors.length}  lost writes ${result.lost.length}  ` +
      `RSS start ${mib(result.rssStart)} warm ${mib(result.rssWarm)} end ${mib(result.rssEnd)} (end vs warm ${result.rssEnd >= result.rssWarm ? '+' : ''}${(((result.rssEnd - result.rssWarm) / result.rssWarm) * 100).toFixed(1)} %)`,
  );
  for (const line of [...result.errors, ...result.lost].slice(0, 10)) console.log(`  ${line}`);
}
if (failed) process.exitCode = 1;
