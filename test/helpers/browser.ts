/** Launches Debian's Chromium through playwright-core for the browser (e2e) tests. */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PROJECT_ROOT } from './shared-data.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const QUIET_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Throws a clear message when the built SPA (or one of its files, relative to web/dist) is missing. */
export async function requireWebBuild(file = 'index.html'): Promise<void> {
  await access(path.join(PROJECT_ROOT, 'web', 'dist', file)).catch(() => {
    throw new Error(`web/dist is missing or stale (no ${file}): run \`npm run build:web\` first.`);
  });
}

/** Starts a headless Chromium; throws with the path when the binary is missing. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  await access(CHROMIUM_PATH).catch(() => {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`);
  });
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...QUIET_ARGS, ...extraArgs] });
}

export interface MailboxMessage { id: string; to: string[]; subject: string; text?: string; html?: string }

/**
 * Waits for the newest message to `recipient` in the local mailbox (GET {mailboxUrl}, newest first) whose
 * id is not in `seen`; throws after `timeoutMs`.
 */
export async function waitForMail(mailboxUrl: string, recipient: string, seen: Set<string> = new Set(), timeoutMs = 10_000): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(mailboxUrl)).json()) as MailboxMessage[];
    const match = messages.find((m) => !seen.has(m.id) && m.to.some((to) => to.toLowerCase().includes(recipient.toLowerCase())));
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No new mail for ${recipient} at ${mailboxUrl} within ${timeoutMs} ms`);
}

/** A context sized like a desktop or (under 769 px) a phone, recording every page error into `pageErrors`. */
export async function newBrowserContext(browser: Browser, width: number, pageErrors: string[]): Promise<BrowserContext> {
  const context = await browser.newContext(width < 769
    ? { viewport: { width, height: 812 }, isMobile: true, hasTouch: true, acceptDownloads: true }
    : { viewport: { width, height: 900 }, acceptDownloads: true });
  context.setDefaultTimeout(15_000);
  context.on('page', (page) => {
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // A Content-Security-Policy violation is only a console error; count it as a page error (issue #19).
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) pageErrors.push(message.text());
    });
  });
  return context;
}

/** Signs in through the sign-in screen and waits for the meetings list. */
export async function signInThroughPage(page: Page, appUrl: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${appUrl}/auth/login`);
  await page.getByLabel('My Email', { exact: true }).fill(who.email);
  await page.getByLabel('My Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'My Meetings' }).waitFor();
}
