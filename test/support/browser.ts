import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`; `.ci/run` installs it when missing). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** A phone-sized window (iPhone 12–15 class). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fake microphone and camera that need no permission prompt (the web app's voice capture). */
const FAKE_MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

function requireChromium(executablePath: string): void {
  if (!existsSync(executablePath)) {
    throw new Error(`No Chromium at ${executablePath}: install it with \`apt-get install -y chromium\` (see CONTRIBUTING.md)`);
  }
}

export interface LaunchedBrowser {
  /** A persistent context over a fresh profile: open pages with `context.newPage()`. */
  context: BrowserContext;
  browser: Browser | null;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

/**
 * Starts headless Chromium with a fresh user-data-dir (nothing carried over between tests) and none of
 * its own network traffic (no updates, sync or first-run pages): only what the page asks for.
 */
export async function launch(options: { executablePath?: string } = {}): Promise<LaunchedBrowser> {
  const executablePath = options.executablePath ?? CHROMIUM_PATH;
  requireChromium(executablePath);
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'tickler-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: 60_000,
    });
    return {
      context,
      browser: context.browser(),
      async close() {
        await context.close();
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

export interface TestBrowser {
  browser: Browser;
  /** A fresh context (own storage, service workers, network) at the phone viewport unless told otherwise. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * One browser for many independent contexts (one per simulated person or device), as the web app's
 * tests need. Playwright runs it on a fresh temporary profile of its own and deletes it on close; the
 * contexts share nothing.
 */
export async function launchBrowser(options: { executablePath?: string } = {}): Promise<TestBrowser> {
  const executablePath = options.executablePath ?? CHROMIUM_PATH;
  requireChromium(executablePath);
  const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS], timeout: 60_000 });
  return {
    browser,
    async newContext(options = {}) {
      const context = await browser.newContext({ viewport: PHONE_VIEWPORT, ...options });
      // Fail a step with its call log well before the test's own timeout.
      context.setDefaultTimeout(15_000);
      return context;
    },
    async close() {
      await browser.close();
    },
  };
}
