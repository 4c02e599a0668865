import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { startTestIssuer, type TestIssuer } from '../support/oidc-issuer.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { expectAccessible, screenshot } from '../support/web-app.js';

const AUDIENCE = 'https://tickler.test/api';
const CLIENT_ID = 'tickler-web';

interface Stored {
  accessToken: string;
  accessUntil: number;
  refreshToken: string;
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('tickler.session') ?? 'null') as Stored | null);

let browser: TestBrowser;
let issuer: TestIssuer;
let service: TestService;

beforeAll(async () => {
  browser = await launchBrowser();
  issuer = await startTestIssuer();
  service = await startTestService('sqlite', { env: { AUTH_ISSUER: issuer.url, AUTH_AUDIENCE: AUDIENCE, AUTH_CLIENT_ID: CLIENT_ID } });
  await issuer.serve({ appOrigin: service.url, clientId: CLIENT_ID, audience: AUDIENCE });
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await issuer?.close();
});

/** Goes from the app's sign-in screen through the issuer's login and consent forms back into the app. */
async function signInAtIssuer(page: Page, login: string): Promise<void> {
  await page.goto(`${service.url}/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.origin === issuer.url);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click(); // consent (offline_access)
  await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
}

describe('signing in to the web app at an OIDC issuer (Authorization Code + PKCE)', () => {
  it('signs in at the issuer, lands in the app, creates a task and sees it', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const authorizeRequests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === issuer.url && url.pathname === '/auth') authorizeRequests.push(url);
    });
    try {
      await page.goto(`${service.url}/`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      expect(await page.getByText('npx tickler login').count()).toBe(0); // no links in OIDC mode
      await expectAccessible(page, 'oidc-sign-in');
      await screenshot(page, 'sign-in-oidc');

      await signInAtIssuer(page, 'dana');
      expect(page.url()).toBe(`${service.url}/`); // code and state leave the address bar

      const [authorize] = authorizeRequests;
      expect(authorize?.searchParams.get('client_id')).toBe(CLIENT_ID);
      expect(authorize?.searchParams.get('redirect_uri')).toBe(`${service.url}/login`);
      expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize?.searchParams.get('resource')).toBe(AUDIENCE);
      expect(authorize?.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'offline_access']));
      expect(issuer.grants).toEqual(['authorization_code']);

      const session = await stored(page);
      expect(session?.refreshToken).toBeTruthy();
      const claims = decodeJwt(session!.accessToken);
      expect(claims).toMatchObject({ iss: issuer.url, aud: AUDIENCE, sub: 'dana' });

      await page.getByLabel('New task', { exact: true }).fill('water the plants');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('checkbox', { name: 'Complete Water the plants' }).waitFor();

      // The task is dana's at the API, under the issuer's token.
      const listed = await fetch(`${service.url}/tasks`, { headers: { authorization: `Bearer ${session!.accessToken}` } });
      expect(((await listed.json()) as { title: string }[]).map((task) => task.title)).toEqual(['Water the plants']);
      await expectAccessible(page, 'oidc-queue');
    } finally {
      await context.close();
    }
  });

  it('refreshes at the issuer when the API refuses the token and when it expires, and stays signed in', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await signInAtIssuer(page, 'erin');
      const first = (await stored(page))!;
      const before = issuer.grants.length;

      // The API says 401 (a token it does not accept): the app refreshes once and carries on.
      await page.evaluate(() => {
        const session = JSON.parse(localStorage.getItem('tickler.session')!) as Stored;
        localStorage.setItem('tickler.session', JSON.stringify({ ...session, accessToken: 'not-a-token' }));
      });
      await page.reload();
      await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      await expect.poll(() => issuer.grants.slice(before)).toEqual(['refresh_token']);
      // The issuer counts the grant when asked; the page keeps the answer a moment later.
      await expect.poll(async () => (await stored(page))?.accessToken).not.toBe('not-a-token');
      const second = (await stored(page))!;
      expect(second.refreshToken).not.toBe(first.refreshToken); // the issuer rotates a public client's refresh token

      // The access token's time is up: the next call refreshes first.
      await page.evaluate(() => {
        const session = JSON.parse(localStorage.getItem('tickler.session')!) as Stored;
        localStorage.setItem('tickler.session', JSON.stringify({ ...session, accessUntil: 0 }));
      });
      await page.getByLabel('New task', { exact: true }).fill('feed the cat');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('checkbox', { name: 'Complete Feed the cat' }).waitFor();
      expect(issuer.grants.slice(before)).toEqual(['refresh_token', 'refresh_token']);
      const third = (await stored(page))!;
      expect(decodeJwt(third.accessToken)).toMatchObject({ sub: 'erin', aud: AUDIENCE });
      const listed = await fetch(`${service.url}/tasks`, { headers: { authorization: `Bearer ${third.accessToken}` } });
      expect(((await listed.json()) as { title: string }[]).map((task) => task.title)).toEqual(['Feed the cat']);
    } finally {
      await context.close();
    }
  });

  it('refuses a return to /login whose state this browser did not send, and stays signed out', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${service.url}/login?code=stolen-code&state=forged-state`);
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('not started here');
      expect(await stored(page)).toBeNull();
      expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(1);
      // Nothing was spent at the issuer.
      expect(issuer.grants.filter((grant) => grant === 'authorization_code').length).toBe(2);
    } finally {
      await context.close();
    }
  });
});

