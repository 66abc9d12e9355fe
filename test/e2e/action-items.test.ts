/**
 * The action items ledger in the browser (issue 33): the local edition in this process, notes made by the real
 * Insights state on a given transcript, Debian Chromium driving the SPA. The host opens "Action items" from the side
 * panel, filters to "mine, open", marks the one item done, and sees it done in the meeting's notes; on a 375 px phone
 * the screen opens from the mobile menu and fits the width.
 * Needs web/dist (npm run build:web) and /usr/bin/chromium.
 */
import { jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { documentClient } from '../../functions/adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../functions/adapters/dynamodb/meetings-repository.js';
import { STATE_MACHINES } from '../../lib/definitions/workflows.js';
import { startLocalEdition } from '../../local/runtime.js';
import { launchBrowser, newBrowserContext, requireWebBuild, signInThroughPage } from '../helpers/browser.js';
import { signUpAndSignIn } from '../helpers/users.js';
import { insightsOnlyMachine, runInsights, type Turn } from '../integration/insights-only.js';

jest.setTimeout(300_000);

const user = { email: `ledger.${Date.now()}@example.com`, password: 'ledger-Secret-1' };
const TURNS: readonly Turn[] = [
  ['spk_0', 0.5, 'Welcome everyone. Today we plan the spring launch of the garden app.'],
  ['spk_1', 6, 'The beta testers liked the watering reminders a lot.'],
  ['spk_0', 12, 'Can you send the beta report to the design team by Friday?'],
  ['spk_1', 18, "Sure, I'll send the report tomorrow. I'll also book the launch venue next week."],
];

describe('the action items ledger in the browser', () => {
  let dataDir: string;
  let edition: Awaited<ReturnType<typeof startLocalEdition>>;
  let browser: Browser;
  let page: Page;
  let meetingId: string;
  let mine: { id: string; content: string };
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await requireWebBuild();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-e2e-ledger-'));
    edition = await startLocalEdition({ dataDir, port: 0, host: '127.0.0.1', waitScale: 0.2, stateMachines: [...STATE_MACHINES, await insightsOnlyMachine(dataDir)] });
    const { access } = await signUpAndSignIn(edition.url, user.email, user.password, { first: 'Lee', last: 'Dger' });
    const api = async (method: string, apiPath: string, json?: unknown) => (await fetch(`${edition.url}/api/${apiPath}`, {
      method, headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json),
    })).json();
    meetingId = (await api('POST', 'meetings/', { name: 'Garden app launch' })).id;
    await runInsights(process.env.INSIGHTS_ONLY_STATE_MACHINE_ARN!, meetingId, TURNS);
    await createMeetingsRepository(documentClient, process.env.TABLE_NAME!).update(meetingId, { recordingAvailable: true });
    // The host gives the first item to themself (the speakers are unnamed: "Speaker 2" is nobody's account).
    const first = (await api('GET', 'action_items/')).results[0];
    mine = await api('PATCH', `action_items/${first.id}/`, { owner: 'Lee Dger' });
    browser = await launchBrowser();
    page = await (await newBrowserContext(browser, 1280, pageErrors)).newPage();
    await signInThroughPage(page, edition.url, user);
  });

  afterAll(async () => {
    await browser?.close();
    await edition?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('opens the ledger, filters to mine and open, marks the item done and sees it done in the notes', async () => {
    await page.getByRole('complementary', { name: 'Side panel' }).getByRole('link', { name: 'Action items' }).click();
    await page.waitForURL(/\/action-items$/);
    const ledger = page.getByRole('region', { name: 'Action items' });
    await ledger.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    expect(await ledger.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);

    await ledger.getByLabel('Owner').selectOption('me');
    await ledger.getByLabel('Status').selectOption('open');
    await ledger.getByText('1 action item', { exact: true }).waitFor();
    const row = ledger.locator(`li[data-item-id="${mine.id}"]`);
    await row.getByText('Lee Dger').waitFor();
    // A click, not check(): the box follows the server's answer, not the click.
    await row.getByRole('checkbox', { name: `Mark done: ${mine.content}` }).click();
    await ledger.getByRole('status').filter({ hasText: `Marked done: ${mine.content}` }).waitFor();
    // Done items leave the "open" list.
    await ledger.getByText('0 action items', { exact: true }).waitFor();

    await ledger.getByLabel('Status').selectOption('done');
    await ledger.getByRole('link', { name: 'Garden app launch' }).click();
    const notes = page.getByRole('dialog', { name: 'Meeting Notes: Garden app launch' });
    await notes.waitFor({ timeout: 20_000 });
    const item = notes.locator(`li[data-status="done"]`);
    await item.getByText('Done:').waitFor();
    await expect(item.textContent()).resolves.toContain(mine.content);

    // On a phone (375 px) the screen is in the mobile menu and fits the width.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${edition.url}/dashboard`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link', { name: 'Action items' }).click();
    await page.getByRole('region', { name: 'Action items' }).getByRole('listitem').first().waitFor({ timeout: 20_000 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    expect(pageErrors).toEqual([]);
  });
});
