/**
 * `npm run bench:caldav`: CalDAV against `tickler serve` as a separate process, on SQLite and
 * PostgreSQL, on loopback, for a user with one list of BENCH_TASKS tasks (default 1 000):
 *  - PROPFIND Depth 1 of the list (getetag, getcontenttype, resourcetype: what DAVx⁵ and vdirsyncer ask
 *    before fetching), BENCH_ITERATIONS times one after another (default 50, after 5 unrecorded):
 *    p50/p99 against the 150 ms target, and the service's CPU time per request (its user + system time
 *    over the recorded requests, from /proc on Linux): on a shared machine the wall times are partly
 *    other processes' waiting, the CPU time is the service's own work;
 *  - sync-collection after one change (a REST PATCH of one task) from the token before it: how many
 *    hrefs were answered (just that one: the service reads the changes since the token, not the list)
 *    and how long it took, BENCH_ITERATIONS times (a fresh change each time).
 * BENCH_PROVIDERS (default "sqlite,postgresql"). Exits 1 on a failed request, a sync answering other
 * than the one change, or a PROPFIND answering other than every task.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { DatabaseProvider } from '../src/config.js';
import { hrefsIn, syncCollectionBody, syncTokenIn, withCaldavService, type CaldavBenchService } from './support/caldav-service.js';
import { percentile } from './support/paced-load.js';

const TASKS = Number(process.env.BENCH_TASKS ?? 1000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const WARMUP = Math.min(5, ITERATIONS);
const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const TARGET_MS = 150;
const USER = 'bench';
const INBOX = `/dav/calendars/${USER}/inbox/`;

const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getcontenttype/><d:resourcetype/></d:prop></d:propfind>';

interface Row {
  provider: DatabaseProvider;
  propfind: { p50: number; p99: number; max: number; hrefs: number; cpuMs: number | null };
  sync: { p50: number; p99: number; max: number; hrefs: number; changed: number };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; text: string }> {
  const start = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  return { ms: performance.now() - start, status: response.status, text };
}

/** A process's user + system CPU time in ms (Linux /proc; null elsewhere). */
function cpuTimeMs(pid: number | undefined): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function benchPropfind(service: CaldavBenchService, authorization: string): Promise<Row['propfind']> {
  const times: number[] = [];
  let hrefs = 0;
  let cpuStart: number | null = null;
  for (let i = 0; i < WARMUP + ITERATIONS; i += 1) {
    if (i === WARMUP) cpuStart = cpuTimeMs(service.process.pid);
    const answer = await timed(`${service.base}${INBOX}`, { method: 'PROPFIND', headers: { authorization, depth: '1', 'content-type': 'application/xml' }, body: PROPFIND_BODY });
    if (answer.status !== 207) throw new Error(`PROPFIND answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    hrefs = hrefsIn(answer.text).length;
    if (i >= WARMUP) times.push(answer.ms);
  }
  const cpuEnd = cpuTimeMs(service.process.pid);
  if (hrefs !== TASKS + 1) throw new Error(`PROPFIND answered ${hrefs} hrefs, not the collection and its ${TASKS} tasks`);
  times.sort((a, b) => a - b);
  const cpuMs = cpuStart === null || cpuEnd === null ? null : round((cpuEnd - cpuStart) / ITERATIONS);
  return { p50: round(percentile(times, 0.5)), p99: round(percentile(times, 0.99)), max: round(times.at(-1)!), hrefs, cpuMs };
}

async function benchSync(service: CaldavBenchService, authorization: string): Promise<Row['sync']> {
  const headers = { authorization, depth: '0', 'content-type': 'application/xml' };
  const rest = { ...(await service.bearer(USER)), 'content-type': 'application/json' };
  const first = await timed(`${service.base}${INBOX}`, { method: 'REPORT', headers, body: syncCollectionBody('') });
  let token = syncTokenIn(first.text);
  const ids = hrefsIn(first.text).map(({ href }) => /tickler-(\d+)\.ics$/.exec(href)?.[1]).filter((id): id is string => id !== undefined);
  const times: number[] = [];
  let hrefs = 0;
  let changed = 0;
  for (let i = 0; i < WARMUP + ITERATIONS; i += 1) {
    const id = ids[(i * 37) % ids.length]!;
    const patch = await fetch(`${service.base}/tasks/${id}`, { method: 'PATCH', headers: rest, body: JSON.stringify({ title: `changed ${i}` }) });
    if (patch.status !== 200) throw new Error(`PATCH answered ${patch.status}`);
    const answer = await timed(`${service.base}${INBOX}`, { method: 'REPORT', headers, body: syncCollectionBody(token) });
    if (answer.status !== 207) throw new Error(`sync-collection answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    const answered = hrefsIn(answer.text);
    if (answered.length !== 1 || !answered[0]!.href.endsWith(`/tickler-${id}.ics`)) throw new Error(`sync-collection after one change answered ${JSON.stringify(answered)}`);
    token = syncTokenIn(answer.text);
    if (i >= WARMUP) {
      times.push(answer.ms);
      hrefs = Math.max(hrefs, answered.length);
      changed += 1;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 0.5)), p99: round(percentile(times, 0.99)), max: round(times.at(-1)!), hrefs, changed };
}

const rows: Row[] = [];
for (const provider of PROVIDERS) {
  rows.push(
    await withCaldavService(provider, {}, async (service) => {
      await service.seedTasks(USER, TASKS);
      const authorization = await service.basic(USER);
      return { provider, propfind: await benchPropfind(service, authorization), sync: await benchSync(service, authorization) };
    }),
  );
}

console.log(`\nCalDAV on loopback: one list of ${TASKS} tasks, ${ITERATIONS} requests each after ${WARMUP} unrecorded`);
console.log('provider    request                      hrefs   p50 ms   p99 ms   max ms   service CPU ms/request   target');
for (const row of rows) {
  const { propfind, sync } = row;
  console.log(
    `${row.provider.padEnd(11)} ${'PROPFIND Depth 1'.padEnd(28)} ${String(propfind.hrefs).padStart(5)} ${String(propfind.p50).padStart(8)} ${String(propfind.p99).padStart(8)} ${String(propfind.max).padStart(8)}   ${String(propfind.cpuMs ?? 'n/a').padStart(22)}   < ${TARGET_MS}: p50 ${propfind.p50 < TARGET_MS ? 'met' : 'MISSED'}, p99 ${propfind.p99 < TARGET_MS ? 'met' : 'MISSED'}`,
  );
  console.log(
    `${row.provider.padEnd(11)} ${'sync-collection, 1 change'.padEnd(28)} ${String(sync.hrefs).padStart(5)} ${String(sync.p50).padStart(8)} ${String(sync.p99).padStart(8)} ${String(sync.max).padStart(8)}   ${''.padStart(22)}   answered just the change ${sync.changed}/${sync.changed} times`,
  );
}
