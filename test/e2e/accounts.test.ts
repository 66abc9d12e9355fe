/**
 * Accounts end to end (issue 3): the whole local edition in this process, Debian Chromium driving the SPA.
 * Needs web/dist (npm run build:web) and /usr/bin/chromium.
 */
import { jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startLocalEdition } from '../../local/runtime.js';
import { launchBrowser, requireWebBuild, waitForMail } from '../helpers/browser.js';
import { seriousAxeViolations } from '../helpers/axe.js';

jest.setTimeout(60_000);

const email = `ada.${Date.now()}@example.com`;
const firstPassword = 'first-Secret-1';
const secondPassword = 'second-Secret-2';
const resetPassword = 'third-Secret-3';

describe('accounts in the browser', () => {
  let dataDir: string;
  let edition: Awaited<ReturnType<typeof startLocalEdition>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let mailboxJson: string;
  const seenMail = new Set<string>();
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    await requireWebBuild();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-e2e-accounts-'));
    edition = await startLocalEdition({ dataDir, port: 0, host: '127.0.0.1' });
    mailboxJson = `${edition.url}/dev/mailbox.json`;
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await edition?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function newMailText(): Promise<string> {
    const message = await waitForMail(mailboxJson, email, seenMail);
    seenMail.add(message.id);
    return message.text ?? message.html ?? '';
  }

  async function signIn(target: Page, password: string) {
    await target.getByLabel('My Email', { exact: true }).fill(email);
    await target.getByLabel('My Password', { exact: true }).fill(password);
    await target.getByRole('button', { name: 'Sign In' }).click();
    await target.getByRole('heading', { name: 'My Meetings' }).waitFor();
  }

  it('signs up a new user with the e-mailed verification code and lands on the home screen', async () => {
    await page.goto(`${edition.url}/auth/signup?plan=free`);
    await page.getByRole('heading', { name: 'Get Started!' }).waitFor();
    expect(await seriousAxeViolations(page, 'sign-up page')).toEqual([]);
    await page.getByLabel('First Name', { exact: true }).fill('Ada');
    await page.getByLabel('Last Name', { exact: true }).fill('Lovelace');
    await page.getByLabel('My Email', { exact: true }).fill(email);
    await page.getByLabel('My Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill('different');
    expect(await page.getByText('Passwords do not match.').isVisible()).toBe(true);
    await page.getByLabel('Confirm Password', { exact: true }).fill(firstPassword);
    await page.getByText('Passwords match!').waitFor();

    await page.getByRole('button', { name: 'Send Email Verification Code' }).click();
    await page.getByText('Verification code sent').waitFor();
    const code = /\b(\d{6})\b/.exec(await newMailText())?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await page.getByRole('button', { name: 'Send Email Verification Code' }).count()).toBe(0);
    await page.getByLabel('Verification Code', { exact: true }).fill(code!);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Sign me up!' }).click();

    await page.getByRole('heading', { name: 'My Meetings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.getByRole('button', { name: /Ada Lovelace/ }).waitFor();
    await page.getByRole('heading', { name: "Ada's Meeting" }).waitFor();
  });

  it('edits the profile from the side panel while the e-mail stays read-only', async () => {
    await page.getByRole('button', { name: 'Edit my profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await seriousAxeViolations(page, 'settings dialog (Profile)', '[role="dialog"]')).toEqual([]);
    expect(await dialog.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await dialog.getByLabel('First Name', { exact: true }).fill('Augusta');
    await dialog.getByLabel('Company', { exact: true }).fill('Analytical Engines');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await dialog.getByText('Your profile has been saved.').waitFor();
    await page.getByRole('button', { name: /Augusta Lovelace/ }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: "Augusta's Meeting" }).waitFor();
  });

  it('flips the e-mail notes toggle once the server has accepted the change', async () => {
    await page.getByRole('button', { name: 'Edit my profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'General' }).click();
    const toggle = dialog.getByRole('switch');
    const before = await toggle.getAttribute('aria-checked');

    await toggle.click();

    const after = before === 'true' ? 'false' : 'true';
    await dialog.locator(`[role="switch"][aria-checked="${after}"]`).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('changes the password in the Account tab and goes home', async () => {
    await page.getByRole('button', { name: /Augusta Lovelace/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Account' }).click();
    await dialog.getByLabel('Current Password', { exact: true }).fill(firstPassword);
    await dialog.getByLabel('New Password', { exact: true }).fill('12345678');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('12345678');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Password can not be all numeric.').waitFor();

    await dialog.getByLabel('New Password', { exact: true }).fill(secondPassword);
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill(secondPassword);
    await dialog.getByRole('button', { name: 'Change Password' }).click();

    await dialog.waitFor({ state: 'detached' });
    // The dialog goes to "/", which sends a signed-in user on to /home: wait for that second step, not for a moment.
    await page.waitForURL((url) => url.pathname === '/home', { timeout: 20_000 });
    // This device stays signed in on the fresh session the change answered with (the old tokens are revoked):
    // a reload still finds the home screen, not the sign-in page.
    await page.reload();
    await page.getByRole('heading', { name: 'My Meetings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('signs out from the menu and signs in again with the new password', async () => {
    await page.getByRole('button', { name: /Augusta Lovelace/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await signIn(page, secondPassword);

    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('resets the password through the e-mailed link', async () => {
    await page.goto(`${edition.url}/auth/logout`);
    await page.getByRole('link', { name: 'Forget your password ?' }).click();
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    await page.getByLabel('My Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Link' }).click();
    await page.getByRole('status').waitFor();

    const link = /https?:\/\/\S*resetPassword\?key=[^\s"'<>]+/.exec(await newMailText())?.[0];
    expect(link).toBeDefined();
    const { pathname, search } = new URL(link!);
    await page.goto(`${edition.url}${pathname}${search}`);
    await page.getByRole('heading', { name: 'New Password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill(resetPassword);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(resetPassword);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Your password has been reset.').waitFor();
    expect(await page.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await signIn(page, resetPassword);
  });

  it('fits a 375 px phone: no sideways scrolling, side menu instead of the side panel', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    phone.setDefaultTimeout(10_000);
    const mobile = await phone.newPage();
    mobile.on('pageerror', (error) => consoleErrors.push(error.message));
    await mobile.goto(`${edition.url}/auth/login`);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await signIn(mobile, resetPassword);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await mobile.getByRole('complementary', { name: 'Side panel' }).isVisible()).toBe(false);
    await mobile.getByRole('button', { name: 'Menu' }).click();
    const menu = mobile.getByRole('navigation', { name: 'Mobile menu' });
    await menu.getByRole('link', { name: 'My Dashboard' }).waitFor();
    await menu.getByRole('button', { name: 'Edit Profile' }).click();
    const dialogBox = await mobile.getByRole('dialog', { name: 'Settings' }).boundingBox();
    expect(dialogBox?.width).toBe(375);
    await phone.close();
  });

  it('logged no errors in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
