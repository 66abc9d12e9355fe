/**
 * Todoist end to end (issue 16): the local edition in this process with its local Todoist test server, Debian
 * Chromium driving the SPA. The host connects Todoist from the side panel (modal, 2 s wait, the local Todoist
 * authorize page approves the signed-in e-mail, back to /home?code=&state=), sees 'Todoist Integration Complete!',
 * opens the notes of a meeting, ticks two action items, clicks Add to Todoist: the tasks are on the local Todoist
 * server and the two checkboxes are gone. The meeting's notes come from the real Insights state run on a given
 * transcript (no speech recognition needed). Needs web/dist (npm run build:web) and /usr/bin/chromium.
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

const user = { email: `todoist.${Date.now()}@example.com`, password: 'todoist-Secret-1' };
const TURNS: readonly Turn[] = [
  ['spk_0', 0.5, 'Welcome everyone. Today we plan the spring launch of the garden app.'],
  ['spk_1', 6, 'The beta testers liked the watering reminders a lot.'],
  ['spk_0', 12, 'Can you send the beta report to the design team by Friday?'],
  ['spk_1', 18, "Sure, I'll send the report tomorrow. I'll also book the launch venue next week."],
];

describe('Todoist in the browser', () => {
  let dataDir: string;
  let edition: Awaited<ReturnType<typeof startLocalEdition>>;
  let browser: Browser;
  let page: Page;
  let access: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await requireWebBuild();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-e2e-todoist-'));
    edition = await startLocalEdition({ dataDir, port: 0, host: '127.0.0.1', waitScale: 0.2, stateMachines: [...STATE_MACHINES, await insightsOnlyMachine(dataDir)] });
    access = (await signUpAndSignIn(edition.url, user.email, user.password, { first: 'Tod', last: 'Oist' })).access;
    browser = await launchBrowser();
    page = await (await newBrowserContext(browser, 1280, pageErrors)).newPage();
    await signInThroughPage(page, edition.url, user);
  });

  afterAll(async () => {
    await browser?.close();
    await edition?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('connects Todoist from the side panel and shows Todoist Integration Complete!', async () => {
    const panel = page.getByRole('complementary', { name: 'Side panel' });
    await panel.getByRole('button', { name: 'Integrate Todoist' }).click();
    const modal = page.getByRole('dialog', { name: 'Integrate Todoist' });
    await modal.getByText('action items of your meetings').waitFor();
    await modal.getByRole('button', { name: 'Integrate Todoist' }).click();
    await page.waitForURL(/\/home\?code=.+&state=meetscribe-todoist\./, { timeout: 20_000 });
    const done = page.getByRole('dialog', { name: 'Todoist Integration Complete!' });
    await done.waitFor({ timeout: 20_000 });
    await page.mouse.click(5, 5);
    await done.waitFor({ state: 'detached' });
    await expect(panel.getByRole('button', { name: 'Integrate Todoist' }).count()).resolves.toBe(0);
  });

  it('adds two ticked action items to the Todoist inbox and their checkboxes go away', async () => {
    const created = await fetch(`${edition.url}/api/meetings/`, { method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Garden app launch' }) });
    const meetingId = (await created.json() as { id: string }).id;
    await runInsights(process.env.INSIGHTS_ONLY_STATE_MACHINE_ARN!, meetingId, TURNS);
    // As after an upload: the row offers Notes only with a recording (spec §6).
    await createMeetingsRepository(documentClient, process.env.TABLE_NAME!).update(meetingId, { recordingAvailable: true });

    await page.goto(`${edition.url}/dashboard/${meetingId}/notes`);
    const notes = page.getByRole('dialog', { name: 'Meeting Notes: Garden app launch' });
    await notes.waitFor({ timeout: 20_000 });
    const boxes = notes.getByRole('checkbox');
    await boxes.first().waitFor();
    const before = await boxes.count();
    expect(before).toBeGreaterThanOrEqual(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await notes.getByRole('button', { name: 'Add to Todoist' }).click();
    await notes.getByText('Added to your Todoist inbox.').waitFor();
    await expect(boxes.count()).resolves.toBe(before - 2);
    await expect(notes.getByRole('button', { name: 'Add to Todoist' }).count()).resolves.toBe(0);

    const tasks = (await (await fetch(`${edition.url}/dev/todoist/tasks.json`)).json()).tasks as Array<{ account_email: string; description: string }>;
    expect(tasks).toHaveLength(2);
    expect(tasks.every((t) => t.account_email === user.email && t.description.includes('"Garden app launch"'))).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
