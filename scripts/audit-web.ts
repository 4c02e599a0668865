/**
 * `npm run audit:web`: Lighthouse (mobile preset) on the web app's queue, signed in, with 200 tasks, in
 * Debian's Chromium against a real service on a fresh SQLite database. Prints the scores and exits 1
 * when one falls short of the bar: performance ≥ 95, accessibility 100, best practices ≥ 95.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ensureWebBuild } from './ensure-web-build.mjs';
import { freePort } from '../bench/support/processes.js';
import { createLoginCode } from '../src/auth/create-login-code.js';
import { systemClock } from '../src/clock.js';
import { CHROMIUM_PATH } from '../test/support/browser.js';
import { jsonRequest, startTestService } from '../test/support/test-service.js';

const BAR = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
const TASKS = 200;

ensureWebBuild();
const service = await startTestService('sqlite');
const profile = mkdtempSync(path.join(tmpdir(), 'tickler-audit-'));
const port = await freePort();
// Lighthouse drives the same browser over its DevTools port, in the default context, so it finds the
// session the sign-in left in this profile's storage.
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync', `--remote-debugging-port=${port}`],
});
let failed = false;
try {
  const user = 'audit';
  const hour = 3_600_000;
  for (let index = 0; index < TASKS; index++) {
    const dueAt = index % 4 === 0 ? undefined : new Date(Date.now() + (index - 20) * hour).toISOString();
    const created = await service.request(user, '/tasks', jsonRequest('POST', { title: `Task number ${index + 1} of the audit`, ...(dueAt ? { dueAt } : {}) }));
    if (created.status !== 201) throw new Error(`seeding answered ${created.status}`);
  }
  const page = await context.newPage();
  const code = await createLoginCode({ db: service.database.db, clock: systemClock, userId: user });
  await page.goto(`${service.url}/login#code=${code}`);
  await page.getByRole('heading', { name: 'Today', exact: true }).waitFor({ timeout: 30_000 });
  // The app registers its worker once idle: installed before Lighthouse comes, as on any later visit.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  await page.close();

  const result = await lighthouse(`${service.url}/`, {
    port,
    disableStorageReset: true,
    logLevel: 'error',
    output: 'json',
    onlyCategories: Object.keys(BAR),
  });
  if (!result) throw new Error('Lighthouse gave no result');
  const { categories, audits } = result.lhr;
  for (const [id, bar] of Object.entries(BAR)) {
    const score = Math.round((categories[id]?.score ?? 0) * 100);
    const ok = score >= bar;
    failed ||= !ok;
    console.log(`${categories[id]?.title ?? id}: ${score} (bar ${bar})${ok ? '' : '  FALLS SHORT'}`);
    if (!ok) {
      for (const ref of categories[id]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0) console.log(`  - ${audit.title} (${Math.round(audit.score * 100)})`);
      }
    }
  }
  // Where the main thread went, when performance falls short: the long tasks and the work by kind.
  if (failed) {
    const longTasks = (audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [];
    for (const task of longTasks.slice(0, 8)) console.log(`  long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${task.url}`);
    const work = (audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)?.items ?? [];
    console.log(`  main thread: ${work.map((item) => `${item.groupLabel} ${Math.round(item.duration)} ms`).join(', ')}`);
  }
  for (const metric of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`${audits[metric]?.title}: ${audits[metric]?.displayValue}`);
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await service.close();
}
process.exit(failed ? 1 : 0);
