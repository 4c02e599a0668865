import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createLoginCode } from '../../src/auth/create-login-code.js';
import { systemClock } from '../../src/clock.js';
import type { TestService } from './test-service.js';

/** Where screenshots of each screen go (a CI artefact; not committed). */
export const SCREENSHOTS = path.join(import.meta.dirname, '../../test-results/web');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** axe-core on the page as it is: no serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${screen}: ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}

/** Opens a fresh sign-in link for `userId` (as `tickler login` prints it) and waits for the queue. */
export async function signInByLink(page: Page, service: TestService, userId: string): Promise<void> {
  const code = await createLoginCode({ db: service.database.db, clock: systemClock, userId });
  await page.goto(`${service.url}/login#code=${code}`);
  await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
}

interface RestTask {
  id: number;
  title: string;
  dueAt: string | null;
  status: string;
  remindBefore?: number | null;
  recurrence?: string | null;
}

/** The user's tasks as REST lists them, pending and completed. */
export async function restTasks(service: TestService, userId: string): Promise<RestTask[]> {
  const response = await service.request(userId, '/tasks?limit=100&status=all');
  expect(response.status).toBe(200);
  return (await response.json()) as RestTask[];
}
