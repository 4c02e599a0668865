import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../../src/config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import type { ServeProcess } from '../support/cli.js';
import { PROVIDERS } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { createSmtpServer, waitFor } from './support/smtp-server.js';

const cleanups = cleanupsAfterEach();
const ADDRESS = 'kim@example.com';
// Outlasts creating the tasks on a loaded machine: a reminder already past when its task is written is not planned.
const REMINDER_LEAD_MS = 6000;

async function setup(provider: DatabaseProvider, prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tickler-smtp-flag-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const hangFlag = path.join(dir, 'hang');
  const smtp = await createSmtpServer(undefined, { hangWhile: hangFlag });
  await smtp.start();
  cleanups.push(() => smtp.close());
  const env = {
    SMTP_URL: smtp.url,
    REMINDER_SWEEP_INTERVAL: '100ms',
    REMINDER_LOCK_LIFETIME: '2s',
    // The stalled server holds each mail longer than the test waits before the kill.
    WEBHOOK_TIMEOUT: '20s',
    WEBHOOK_LEASE: '22s',
    WEBHOOK_SWEEP_INTERVAL: '500ms',
  };
  const { dataDir, serve } = await setupTicklerProcesses(provider, { dataDirPrefix: prefix, env }, cleanups);
  const bearer = async () => issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId: 'kim', ttlSeconds: 600 });
  const reminderMails = async () => (await smtp.messages()).filter((mail) => mail.subject?.startsWith('Reminder: '));
  return { serve, bearer, smtp, reminderMails, stall: () => writeFileSync(hangFlag, ''), release: () => rmSync(hangFlag, { force: true }) };
}

async function call(process: ServeProcess, token: string, pathname: string, method = 'GET', body?: unknown) {
  return fetch(`${process.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function confirmAndChooseEmail(process: ServeProcess, token: string, smtp: Awaited<ReturnType<typeof setup>>['smtp']) {
  expect((await call(process, token, '/me', 'PATCH', { email: ADDRESS })).status).toBe(200);
  const mail = await waitFor(async () => (await smtp.messages()).find((m) => m.subject === 'Confirm your email address for Tickler'), 'the confirmation mail', 30_000);
  const pathname = new URL(/https?:\/\/\S+\/confirm/.exec(mail.text ?? '')![0]).pathname;
  expect((await fetch(`${process.url}${pathname}`, { method: 'POST' })).status).toBe(200);
  expect((await call(process, token, '/me/notifications', 'PATCH', { email: true })).status).toBe(200);
}

async function createReminders(process: ServeProcess, token: string, count: number, from = 0): Promise<string[]> {
  const dueAt = new Date(Date.now() + REMINDER_LEAD_MS).toISOString();
  const titles: string[] = [];
  for (let i = from; i < from + count; i += 1) {
    expect((await call(process, token, '/tasks', 'POST', { title: `pill ${i}`, dueAt, remindBefore: 0 })).status).toBe(201);
    titles.push(`Reminder: pill ${i}`);
  }
  return titles;
}

describe.each(PROVIDERS)('email delivery across processes on %s', (provider) => {
  it('loses nothing and sends nothing twice when the process dies holding mails: each arrives once after a restart', { timeout: 120_000 }, async () => {
    const { serve, bearer, smtp, reminderMails, stall, release } = await setup(provider, 'tickler-mail-kill-');
    const first = await serve();
    const token = await bearer();
    await confirmAndChooseEmail(first, token, smtp);
    stall();
    const titles = await createReminders(first, token, 10);
    // The reminders fire and their mails are claimed; the server holds the first ones mid-conversation.
    await new Promise((resolve) => setTimeout(resolve, REMINDER_LEAD_MS + 2000));
    expect(await first.stop('SIGKILL')).toBeNull();
    release();
    expect(await reminderMails()).toEqual([]);

    const second = await serve();
    await waitFor(async () => (await reminderMails()).length >= titles.length, 'every reminder mail after the restart', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const subjects = (await reminderMails()).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([...titles].sort());
    await second.stop();
  });

  // One SQLite data directory serves one instance (DATA_DIR/tickler.lock): several need PostgreSQL.
  it.runIf(provider === 'postgresql')('two instances mail each reminder once', { timeout: 90_000 }, async () => {
    const { serve, bearer, smtp, reminderMails } = await setup(provider, 'tickler-mail-two-');
    const [a, b] = [await serve(), await serve()];
    const token = await bearer();
    await confirmAndChooseEmail(a, token, smtp);
    const titles = [...(await createReminders(a, token, 10)), ...(await createReminders(b, token, 10, 10))];
    await waitFor(async () => (await reminderMails()).length >= titles.length, 'every reminder mail', 40_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await reminderMails()).map((mail) => mail.subject).sort()).toEqual([...titles].sort());
    await Promise.all([a.stop(), b.stop()]);
  });
});
