/**
 * Meetings end to end (issue 4): the local edition in this process, Debian Chromium driving the SPA.
 * A host uploads a recording through the side panel, renames and shares it; the guest sees it read-only,
 * watches it and sends feedback; the host deletes it. Needs web/dist (npm run build:web) and /usr/bin/chromium.
 * Issue 17: the download stays in the app and is named after the meeting; names are refused with a message when
 * empty or too long and clipped with an ellipsis; feedback without a rating asks for one; a share link survives
 * sign-in (desktop and phone); a link to a meeting not shared with you says so; axe finds no serious or critical
 * violations on My Meetings and its dialogs.
 */
import { jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startLocalEdition } from '../../local/runtime.js';
import { launchBrowser, newBrowserContext, requireWebBuild, signInThroughPage, type MailboxMessage, waitForMail } from '../helpers/browser.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { signUpAndSignIn } from '../helpers/users.js';
import { fixtureClip } from '../helpers/clips.js';

jest.setTimeout(90_000);

// The first 20 s of the fixture: nothing here waits for the processing that the upload starts, which would otherwise
// transcribe 148 s of speech and read its slide on the cores the browser needs.
const CLIP_SECONDS = 20;
let recording: string;
const stamp = Date.now();
const host = { email: `host.${stamp}@example.com`, password: 'host-Secret-1' };
const guest = { email: `guest.${stamp}@example.com`, password: 'guest-Secret-1' };

describe('meetings in the browser', () => {
  let dataDir: string;
  let edition: Awaited<ReturnType<typeof startLocalEdition>>;
  let browser: Browser;
  let hostContext: BrowserContext;
  let guestContext: BrowserContext;
  let hostPage: Page;
  let guestPage: Page;
  const progress: string[] = [];
  const pageErrors: string[] = [];
  let meetingId: string;

  beforeAll(async () => {
    await requireWebBuild();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-e2e-meetings-'));
    recording = await fixtureClip('meeting_constructed.mp4', CLIP_SECONDS, path.join(dataDir, 'clip'));
    edition = await startLocalEdition({ dataDir, port: 0, host: '127.0.0.1' });
    await signUpAndSignIn(edition.url, host.email, host.password, { first: 'Grace', last: 'Hopper' });
    await signUpAndSignIn(edition.url, guest.email, guest.password, { first: 'Alan', last: 'Turing' });
    browser = await launchBrowser();
    hostContext = await newContext(1280);
    guestContext = await newContext(1280);
    hostPage = await hostContext.newPage();
    guestPage = await guestContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await edition?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const newContext = (width: number) => newBrowserContext(browser, width, pageErrors);
  const signIn = (page: Page, who: { email: string; password: string }) => signInThroughPage(page, edition.url, who);

  const row = (page: Page, name: string) => page.getByRole('list', { name: 'Meetings' }).getByRole('listitem', { name, exact: true });

  it('uploads a recording through the side panel, shows the progress up to 100 % and lists the meeting', async () => {
    // Every progress value the page shows is reported here, across the reload that ends the upload.
    await hostPage.exposeFunction('reportUploadProgress', (value: string) => progress.push(value));
    await hostPage.addInitScript(() => {
      const report = () => document.querySelectorAll('[role="progressbar"]').forEach((bar) => {
        (window as unknown as { reportUploadProgress(v: string): void }).reportUploadProgress(`${bar.getAttribute('aria-valuenow')}|${bar.textContent}`);
      });
      new MutationObserver(report).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await signIn(hostPage, host);
    await hostPage.getByText('No meetings yet. Upload a recording to get started.').waitFor();
    const panel = hostPage.getByRole('complementary', { name: 'Side panel' });
    await panel.getByLabel('Recording (mp4 or m4a)').setInputFiles(recording);

    await panel.getByRole('button', { name: 'Upload Meeting' }).click();

    const meeting = row(hostPage, 'meeting_constructed');
    await meeting.waitFor({ timeout: 30_000 });
    expect(progress).toContain('100|100%');
    expect(await meeting.getByText('Available', { exact: true }).isVisible()).toBe(true);
    expect(await meeting.getByText(`${CLIP_SECONDS} seconds`).isVisible()).toBe(true);
  });

  it('renames the meeting on Enter and keeps the name after a reload', async () => {
    const name = row(hostPage, 'meeting_constructed').getByLabel('Meeting name');
    await name.fill('Quarterly review');
    const saved = hostPage.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/meetings/'));

    await name.press('Enter');

    expect((await saved).status()).toBe(200);
    await hostPage.reload();
    await row(hostPage, 'Quarterly review').waitFor();
  });

  it('refuses an empty name and one over 200 characters with a message, and clips a long name with an ellipsis', async () => {
    const meeting = row(hostPage, 'Quarterly review');
    let puts = 0;
    const count = (r: { method(): string; url(): string }) => { if (r.method() === 'PUT' && r.url().includes('/api/meetings/')) puts += 1; };
    hostPage.on('request', count);
    const name = meeting.getByLabel('Meeting name');
    await name.fill('');
    await name.press('Enter');
    await meeting.getByRole('alert').filter({ hasText: 'The meeting name may not be empty.' }).waitFor();
    expect(await name.inputValue()).toBe('');
    await name.fill('x'.repeat(230));
    expect((await name.inputValue()).length).toBe(230);
    await name.press('Enter');
    await meeting.getByRole('alert').filter({ hasText: 'The meeting name may not be longer than 200 characters. (230 were typed.)' }).waitFor();
    // What was typed stays to be mended (issue 35); Escape brings the saved name back.
    expect((await name.inputValue()).length).toBe(230);
    await name.press('Escape');
    expect(await name.inputValue()).toBe('Quarterly review');
    hostPage.off('request', count);
    expect(puts).toBe(0);
    expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
  });

  it('shares the meeting with a second user, who receives the e-mail', async () => {
    const before = (await (await fetch(`${edition.url}/dev/mailbox.json`)).json()) as MailboxMessage[];
    await row(hostPage, 'Quarterly review').getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = hostPage.getByRole('dialog', { name: 'Share "Quarterly review"' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please enter at least one email address.').waitFor();
    const input = dialog.getByLabel('Add people by email');
    await input.fill(guest.email);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Hit the return key after entering an email address.').waitFor();
    await input.press('Enter');
    await dialog.getByRole('list', { name: 'Recipients' }).getByText(guest.email).waitFor();
    expect(await dialog.getByText(`${host.email}`).count()).toBeGreaterThan(0);
    await dialog.getByLabel('Message (optional)').fill('The numbers we talked about.');

    await dialog.getByRole('button', { name: 'Send' }).click();

    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    const mail = await waitForMail(`${edition.url}/dev/mailbox.json`, guest.email, new Set(before.map((m) => m.id)));
    expect(mail.text).toContain('The numbers we talked about.');
    expect(mail.text).toMatch(/\/home\/meeting\/[\w-]+/);
    meetingId = /\/home\/meeting\/([\w-]+)/.exec(mail.text!)![1]!;
    expect(await row(hostPage, 'Quarterly review').getByText('1', { exact: true }).isVisible()).toBe(true);
  });

  it('shows the shared meeting read-only to the second user: no rename, no share, no delete', async () => {
    await signIn(guestPage, guest);
    const meeting = row(guestPage, 'Quarterly review');
    await meeting.waitFor();
    expect(await meeting.getByLabel('Meeting name').count()).toBe(0);
    expect(await meeting.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    expect(await meeting.getByRole('checkbox').count()).toBe(0);

    await meeting.getByRole('button', { name: 'Options for Quarterly review' }).click();

    const items = await guestPage.getByRole('menu', { name: 'Options for Quarterly review' }).getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Watch Recording', 'Transcript', 'Notes', 'Sentiment Analysis', 'Search in this meeting', 'Submit Feedback']);
  });

  it('plays the recording for the second user once its link has arrived', async () => {
    await guestPage.getByRole('menuitem', { name: 'Watch Recording' }).click();
    const player = guestPage.getByRole('dialog', { name: 'Quarterly review' });
    const video = player.locator('video');
    await video.waitFor();
    await guestPage.waitForFunction(() => ((document.querySelector('[role="dialog"] video') as HTMLVideoElement | null)?.readyState ?? 0) >= 1);
    expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(CLIP_SECONDS);
    expect(await seriousAxeViolations(guestPage, 'recording player', '[role="dialog"]')).toEqual([]);
    await player.getByRole('button', { name: 'Close' }).click();
  });

  it('downloads the recording under the meeting\'s name and keeps the user in the app', async () => {
    const before = guestPage.url();
    await row(guestPage, 'Quarterly review').getByRole('button', { name: 'Options for Quarterly review' }).click();
    await guestPage.getByRole('menuitem', { name: 'Watch Recording' }).click();
    const player = guestPage.getByRole('dialog', { name: 'Quarterly review' });
    const downloaded = guestPage.waitForEvent('download');

    await player.getByRole('link', { name: 'Download' }).click();

    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('Quarterly review.mp4');
    expect(guestPage.url()).toBe(before);
    expect(await player.isVisible()).toBe(true);
    await player.getByRole('button', { name: 'Close' }).click();
  });

  it('submits feedback from the options menu and goes home 2 s later', async () => {
    await row(guestPage, 'Quarterly review').getByRole('button', { name: 'Options for Quarterly review' }).click();
    await guestPage.getByRole('menuitem', { name: 'Submit Feedback' }).click();
    const dialog = guestPage.getByRole('dialog', { name: 'Submit Feedback' });
    await dialog.getByText('Very Poor').waitFor();
    await dialog.getByText('Excellent').waitFor();
    let surveyCalls = 0;
    guestPage.on('request', (r) => r.url().includes('/api/surveys/') && (surveyCalls += 1));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please choose a rating from 1 to 10 before submitting.' }).waitFor();
    expect(surveyCalls).toBe(0);
    expect(await seriousAxeViolations(guestPage, 'feedback dialog', '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: '8', exact: true }).click();
    await dialog.getByLabel('Note (optional)').fill('Clear audio.');
    await dialog.getByText('12/400').waitFor();
    const posted = guestPage.waitForResponse((r) => r.url().includes('/api/surveys/meeting/'));

    await dialog.getByRole('button', { name: 'Submit' }).click();

    const response = await posted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ email: guest.email, rating: 8, maximum_rating: 10, note: 'Clear audio.' });
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    expect(new URL(guestPage.url()).pathname).toBe('/home');
  });

  it('fits a 375 px phone, opens the meeting viewer from its single button and offers upload in the menu', async () => {
    const phone = await newContext(375);
    const mobile = await phone.newPage();
    await signIn(mobile, guest);
    await row(mobile, 'Quarterly review').waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await mobile.getByRole('button', { name: 'Open Quarterly review' }).click();

    const viewer = mobile.getByRole('dialog', { name: 'Quarterly review' });
    expect(await viewer.getByRole('button').allTextContents()).toEqual(['×', 'Watch Recording', 'Transcript', 'Notes', 'Sentiment Analysis', 'Search in this meeting', 'Submit Feedback']);
    expect((await viewer.boundingBox())?.width).toBe(375);
    expect(await seriousAxeViolations(mobile, 'meeting viewer (phone)', '[role="dialog"]')).toEqual([]);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await mobile.getByRole('button', { name: 'Menu' }).click();
    const menu = mobile.getByRole('navigation', { name: 'Mobile menu' });
    await menu.getByRole('button', { name: 'Upload Meeting' }).waitFor();
    await menu.getByRole('button', { name: 'Submit Feedback' }).waitFor();
    await phone.close();
  });

  it.each([1280, 375])('brings a signed-out visitor of the share link to the shared meeting after signing in (%i px)', async (width) => {
    const context = await newContext(width);
    const page = await context.newPage();
    await page.goto(`${edition.url}/home/meeting/${meetingId}`);
    await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor();
    expect(await seriousAxeViolations(page, `sign-in page ${width} px`)).toEqual([]);
    await page.getByLabel('My Email', { exact: true }).fill(guest.email);
    await page.getByLabel('My Password', { exact: true }).fill(guest.password);

    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.getByRole('heading', { name: 'Quarterly review' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/home/meeting/${meetingId}`);
    await row(page, 'Quarterly review').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await context.close();
  });

  it.each([1280, 375])('says a linked meeting is not shared with the visitor (%i px)', async (width) => {
    const context = await newContext(width);
    const page = await context.newPage();
    await signIn(page, guest);

    await page.goto(`${edition.url}/home/meeting/not-${meetingId}`);

    await page.getByRole('alert').filter({ hasText: /^This meeting has not been shared with you/ }).waitFor();
    expect(await page.getByText(/An error occurred while loading your meetings/).count()).toBe(0);
    await context.close();
  });

  it('has no serious or critical accessibility violations on My Meetings and the share dialog', async () => {
    await hostPage.goto(`${edition.url}/home`);
    await row(hostPage, 'Quarterly review').waitFor();
    expect(await seriousAxeViolations(hostPage, 'My Meetings (host)')).toEqual([]);
    // The keyboard reaches the row's controls, each with a visible focus ring.
    const reached: string[] = [];
    for (let i = 0; i < 40 && !reached.includes('Options for Quarterly review'); i += 1) {
      await hostPage.keyboard.press('Tab');
      const focused = await hostPage.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return { name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '', ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 };
      });
      if (!focused) continue;
      expect({ name: focused.name, ring: focused.ring }).toEqual({ name: focused.name, ring: true });
      reached.push(focused.name);
    }
    expect(reached).toEqual(expect.arrayContaining(['Meeting name', 'Share', 'Options for Quarterly review']));
    await row(hostPage, 'Quarterly review').getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = hostPage.getByRole('dialog', { name: 'Share "Quarterly review"' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(hostPage, 'share dialog', '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('lets the host delete the meeting after confirming', async () => {
    await hostPage.goto(`${edition.url}/home`);
    await row(hostPage, 'Quarterly review').getByRole('button', { name: 'Options for Quarterly review' }).click();
    await hostPage.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = hostPage.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('You want to delete this meeting?').waitFor();

    await confirm.getByRole('button', { name: 'Yes, Delete it!' }).click();

    await hostPage.getByText('No meetings yet. Upload a recording to get started.').waitFor();
  });

  it('raised no errors in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});
