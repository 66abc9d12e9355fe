/**
 * The review screens by keyboard and with axe-core (issue 17): the local edition in this process with the real pipeline,
 * Debian Chromium driving the SPA. The recording is made at test time like the sample meetings (espeak-ng speech over
 * ffmpeg slides: "Q3 Roadmap", "Budget Review"), so on-screen text search, spoken-word search, the transcript, the
 * notes and the sentiment analysis all have real content. It is the first 8 of the product demo's 12 lines (~45 s, not
 * ~70 s, for the speech engine): both slides and voices, 'budget' said three times, an action item ("I will send the
 * budget on Friday").
 * - Search results (Text and Voice, desktop and a 375 px phone) and the player a hit opens: 0 serious/critical axe
 *   violations; Tab reaches each hit with a visible focus ring; the player keeps Tab inside and gives focus back.
 * - Every dialog of a meeting's options menu, opened from the keyboard (Enter, ↓): focus inside, Tab cycles within the
 *   dialog with a visible ring on each control, Escape closes it and the focus is back on the Options button.
 * - A transcript correction: the notes say they were made from the earlier text (host: with Regenerate; participant:
 *   without), and regenerating them drops the notice.
 * Needs web/dist (npm run build:web), /usr/bin/chromium, espeak-ng and a DejaVu or Liberation font.
 * SCREENSHOT_DIR=… saves a picture of each screen checked (for a person to look at).
 */
import { jest } from '@jest/globals';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { INSIGHTS_MESSAGES } from '../../functions/contracts/insights.js';
import { startLocalEdition } from '../../local/runtime.js';
import { buildSampleRecording, findMediaTools } from '../../local/samples/recording.js';
import { SAMPLE_MEETINGS, type SampleMeeting } from '../../local/samples/scripts.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { launchBrowser, newBrowserContext, requireWebBuild, signInThroughPage } from '../helpers/browser.js';
import { eventually } from '../helpers/eventually.js';
import { chooseOption, focused, tabWalk } from '../helpers/keyboard.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';

// Speech recognition and OCR of a ~70 s recording on a shared 2-core machine take minutes.
jest.setTimeout(480_000);

const NAME = 'roadmap_review';
const DEMO = SAMPLE_MEETINGS[0]!;
const LINES = 8;
const REVIEWED: SampleMeeting = { ...DEMO, lines: DEMO.lines.slice(0, LINES), slides: DEMO.slides.filter((slide) => slide.fromLine < LINES) };
const stamp = Date.now();
const host = { email: `rv.host.${stamp}@example.com`, password: 'host-Secret-1' };
const guest = { email: `rv.guest.${stamp}@example.com`, password: 'guest-Secret-1' };

describe('the review screens by keyboard and with axe', () => {
  let dataDir: string;
  let edition: Awaited<ReturnType<typeof startLocalEdition>>;
  let browser: Browser;
  let page: Page;
  let hostTokens: SignedInUser;
  let meetingId: string;
  const pageErrors: string[] = [];

  const api = async (apiPath: string, init: RequestInit = {}, token = hostTokens.access) =>
    fetch(`${edition.url}/api/${apiPath}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });

  async function shot(target: Page, name: string) {
    if (!process.env.SCREENSHOT_DIR) return;
    await mkdir(process.env.SCREENSHOT_DIR, { recursive: true });
    await target.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }

  beforeAll(async () => {
    await requireWebBuild();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-e2e-review-'));
    const work = path.join(dataDir, 'recording');
    await mkdir(work);
    const recording = path.join(dataDir, `${NAME}.mp4`);
    await buildSampleRecording(REVIEWED, await findMediaTools(), work, recording);
    edition = await startLocalEdition({ dataDir: path.join(dataDir, 'edition'), port: 0, host: '127.0.0.1', waitScale: 0.2 });
    hostTokens = await signUpAndSignIn(edition.url, host.email, host.password, { first: 'Maria', last: 'Keys' });
    await signUpAndSignIn(edition.url, guest.email, guest.password, { first: 'Tom', last: 'Reader' });
    browser = await launchBrowser();
    page = await (await newBrowserContext(browser, 1280, pageErrors)).newPage();
    await signInThroughPage(page, edition.url, host);
    const panel = page.getByRole('complementary', { name: 'Side panel' });
    await panel.getByLabel('Recording (mp4 or m4a)').setInputFiles(recording);
    await panel.getByRole('button', { name: 'Upload Meeting' }).click();
    await row(page).getByRole('status', { name: 'Processing status' }).filter({ hasText: /^Transcript ready/ }).waitFor({ timeout: 420_000 });
    const list = await (await api('meetings/?page_size=100')).json() as { results: { id: string; name: string }[] };
    meetingId = list.results.find((m) => m.name === NAME)!.id;
    // The notes and the slide text come after the transcript.
    await eventually(async () => { if ((await api(`meetings/${meetingId}/generated_notes/`)).status !== 200) throw new Error('no notes yet'); }, 240_000, 1000);
    await eventually(async () => {
      const hits = await (await api('search/search_content/', { method: 'POST', body: JSON.stringify({ query: 'roadmap', meeting_id: meetingId, page: 1, page_size: 12 }) })).json() as { total_matches: number };
      if (!(hits.total_matches > 0)) throw new Error('no slide text indexed yet');
    }, 240_000, 1000);
  }, 480_000);

  afterAll(async () => {
    await browser?.close();
    await edition?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function row(target: Page) {
    return target.getByRole('list', { name: 'Meetings' }).getByRole('listitem', { name: NAME, exact: true });
  }

  async function search(target: Page, type: 'Text' | 'Voice', query: string): Promise<Locator> {
    await target.getByRole('radio', { name: type }).click();
    const box = target.getByRole('searchbox', { name: 'Search meetings' });
    await box.fill(query);
    await box.press('Enter');
    const results = target.getByRole('list', { name: `${type} search results` });
    await results.waitFor();
    return results;
  }

  /** Tab from the focused element inside the open dialog: every stop is inside and ringed, and Tab comes round to the first. */
  async function expectTabCyclesInside(label: string) {
    expect(await focused(page, '[role="dialog"]')).toEqual(expect.objectContaining({ inside: true }));
    const { stops, cycled } = await tabWalk(page, { scope: '[role="dialog"]', untilCycle: true, limit: 80 });
    console.log(`[keyboard] ${label}: ${stops.length} controls, ${stops.filter((s) => s.ring).length} with a focus ring, cycled: ${cycled}`);
    expect(stops.filter((s) => !s.inside || !s.ring)).toEqual([]);
    expect(stops.length).toBeGreaterThan(0);
    expect(cycled).toBe(true);
  }

  it('shows slide-text hits without serious axe violations; Tab reaches a hit with a ring, Enter plays it, Escape returns there', async () => {
    await page.goto(`${edition.url}/home`);
    const results = await search(page, 'Text', 'roadmap');
    await results.getByRole('listitem').first().waitFor();
    // Each hit says where it matched (issue 35).
    await results.getByText(/Slide text at \d+:\d\d/).first().waitFor();
    expect(await seriousAxeViolations(page, 'search results: text (desktop)')).toEqual([]);
    await shot(page, 'search-text-desktop');

    await page.getByRole('searchbox', { name: 'Search meetings' }).focus();
    const { stops } = await tabWalk(page, { limit: 30, until: (stop) => stop.name.startsWith(NAME) });
    expect(stops.filter((s) => !s.ring)).toEqual([]);
    expect(stops.at(-1)!.name.startsWith(NAME)).toBe(true);
    await page.keyboard.press('Enter');

    const player = page.getByRole('dialog', { name: new RegExp(`^${NAME} at \\d+:\\d\\d$`) });
    await player.locator('video').waitFor();
    expect(await seriousAxeViolations(page, 'search hit player', '[role="dialog"]')).toEqual([]);
    await expectTabCyclesInside('search hit player');
    // The walk ends back on the first control (Chromium's own video controls swallow every key while one of them has focus).
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });
    expect((await focused(page))!.name.startsWith(NAME)).toBe(true);
  });

  it('shows spoken-word hits without serious axe violations and reaches them by keyboard with a ring', async () => {
    const results = await search(page, 'Voice', 'budget');
    await results.getByRole('listitem').first().waitFor();
    await results.getByText(/Speech at \d+:\d\d/).first().waitFor();
    expect(await seriousAxeViolations(page, 'search results: voice (desktop)')).toEqual([]);
    await shot(page, 'search-voice-desktop');
    await page.getByRole('searchbox', { name: 'Search meetings' }).focus();
    const { stops } = await tabWalk(page, { limit: 30, until: (stop) => stop.name.startsWith(NAME) });
    expect(stops.filter((s) => !s.ring)).toEqual([]);
    expect(stops.at(-1)!.name.startsWith(NAME)).toBe(true);
    await page.getByRole('button', { name: 'Clear' }).click();
  });

  it('fits both result lists in a 375 px phone without sideways scrolling or serious axe violations', async () => {
    const phone = await newBrowserContext(browser, 375, pageErrors);
    const mobile = await phone.newPage();
    await signInThroughPage(mobile, edition.url, host);
    for (const [type, query] of [['Text', 'roadmap'], ['Voice', 'budget']] as const) {
      const results = await search(mobile, type, query);
      await results.getByRole('listitem').first().waitFor();
      expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousAxeViolations(mobile, `search results: ${type.toLowerCase()} (phone)`)).toEqual([]);
      await shot(mobile, `search-${type.toLowerCase()}-phone`);
    }
    await phone.close();
  });

  it('searches one meeting from "Search in this meeting" in a 375 px phone, without sideways scrolling or serious axe violations', async () => {
    const phone = await newBrowserContext(browser, 375, pageErrors);
    const mobile = await phone.newPage();
    await signInThroughPage(mobile, edition.url, host);
    await mobile.getByRole('button', { name: `Open ${NAME}` }).click();
    await mobile.getByRole('dialog', { name: NAME }).getByRole('button', { name: 'Search in this meeting', exact: true }).click();
    const dialog = mobile.getByRole('dialog', { name: `Search in ${NAME}` });
    await dialog.getByRole('searchbox').fill('budget');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByText(/Speech at \d+:\d\d/).first().waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(mobile, 'search in this meeting (phone)', '[role="dialog"]')).toEqual([]);
    await shot(mobile, 'phone-search-in-meeting');
    await phone.close();
  });

  it.each([
    ['Notes', 'Meeting Notes', (d: Locator) => d.getByRole('region', { name: 'Overview' })],
    ['Transcript', 'Transcript', (d: Locator) => d.getByRole('list', { name: 'Transcript' })],
    ['Sentiment Analysis', 'Sentiment Analysis', (d: Locator) => d.getByTestId('sentiment-chart').locator('.sentiment-dot')],
    ['Watch Recording', NAME, (d: Locator) => d.locator('video')],
  ])('fits %s in a 375 px phone, opened from the meeting viewer, without sideways scrolling or serious axe violations', async (item, title, ready) => {
    const phone = await newBrowserContext(browser, 375, pageErrors);
    const mobile = await phone.newPage();
    await signInThroughPage(mobile, edition.url, host);
    await mobile.getByRole('button', { name: `Open ${NAME}` }).click();
    await mobile.getByRole('dialog', { name: NAME }).getByRole('button', { name: item, exact: true }).click();
    const dialog = mobile.getByRole('dialog', { name: title === NAME ? NAME : `${title}: ${NAME}` });
    await ready(dialog).first().waitFor();
    expect(await dialog.evaluate((d) => d.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(mobile, `${item} (phone)`, '[role="dialog"]')).toEqual([]);
    if (item === 'Transcript') {
      // A touch screen is told to tap the words, not to click them or use keys.
      await dialog.getByText('Tap a word to play from it.').waitFor();
      expect(await dialog.getByText(/Click a word/).isVisible()).toBe(false);
    }
    await shot(mobile, `phone-${item.toLowerCase().replace(/\s+/g, '-')}`);
    await phone.close();
  });

  it.each([
    ['Watch Recording', (d: Locator) => d.locator('video')],
    ['Transcript', (d: Locator) => d.getByRole('list', { name: 'Transcript' })],
    ['Notes', (d: Locator) => d.getByRole('region', { name: 'Overview' })],
    ['Sentiment Analysis', (d: Locator) => d.getByTestId('sentiment-chart')],
    ['Share', (d: Locator) => d.getByRole('button', { name: /Send/ })],
    ['Delete', (d: Locator) => d.getByRole('button', { name: 'Yes, Delete it!' })],
    ['Search in this meeting', (d: Locator) => d.getByRole('searchbox')],
    ['Submit Feedback', (d: Locator) => d.getByRole('button', { name: /Submit/ })],
  ])('opens %s from the keyboard: Tab cycles inside with a visible ring, Escape gives focus back to Options', async (item, ready) => {
    await page.goto(`${edition.url}/home`);
    await row(page).waitFor();

    await chooseOption(page, row(page), NAME, item);

    const dialog = page.getByRole('dialog');
    await ready(dialog).first().waitFor();
    expect(await seriousAxeViolations(page, `${item} dialog (opened by keyboard)`, '[role="dialog"]')).toEqual([]);
    await expectTabCyclesInside(`${item} dialog`);
    await shot(page, `dialog-${item.toLowerCase().replace(/\s+/g, '-')}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await focused(page))?.name).toBe(`Options for ${NAME}`);
    expect(await row(page).count()).toBe(1);
  });

  it('walks My Meetings from the top with a visible ring on every stop, and opens Settings from the account menu by keyboard', async () => {
    await page.goto(`${edition.url}/home`);
    await row(page).waitFor();
    const { stops } = await tabWalk(page, { limit: 60, until: (stop) => stop.name === `Options for ${NAME}` });
    console.log(`[keyboard] My Meetings: ${stops.length} stops to the row's options, ${stops.filter((s) => s.ring).length} with a focus ring`);
    expect(stops.filter((s) => !s.ring)).toEqual([]);
    expect(stops.map((s) => s.name)).toEqual(expect.arrayContaining(['Integrate Zoom', 'Submit Feedback', 'Search', 'Share', `Options for ${NAME}`]));

    await page.getByRole('button', { name: /^Maria Keys/ }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page))?.name).toBe('Settings');
    await page.keyboard.press('Enter');
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.waitFor();
    await expectTabCyclesInside('Settings dialog');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    expect((await focused(page))?.name).toMatch(/^Maria Keys/);
  });

  it('after a transcript correction, the notes say they were made from the earlier text, and regenerating them drops the notice', async () => {
    await page.goto(`${edition.url}/home`);
    await row(page).getByRole('button', { name: `Options for ${NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Transcript' }).click();
    const transcript = page.getByRole('dialog', { name: `Transcript: ${NAME}` });
    const first = transcript.getByRole('list', { name: 'Transcript' }).getByRole('listitem').first();
    await first.waitFor();
    await transcript.getByRole('button', { name: 'Correct words' }).click();
    await first.getByRole('button', { name: /^Edit line at / }).click();
    const box = first.getByRole('textbox');
    await box.fill(`Quarterly ${await box.inputValue()}`);
    await first.getByRole('button', { name: 'Save' }).click();
    await transcript.getByRole('status').filter({ hasText: 'open Notes to regenerate them' }).waitFor();
    await transcript.getByRole('button', { name: 'Close' }).click();
    const before = await (await api(`meetings/${meetingId}/generated_notes/`)).json() as { notes_id: string; transcript_edited_at?: string };
    expect(before.transcript_edited_at).toEqual(expect.any(String));

    // A participant is told, without a button.
    const shared = await api('meetings/attendees/', { method: 'POST', body: JSON.stringify({ meeting_ids: [meetingId], attendees: [{ email: guest.email }], message_string: '' }) });
    expect(shared.status).toBeLessThan(300);
    const reader = await (await newBrowserContext(browser, 1280, pageErrors)).newPage();
    await signInThroughPage(reader, edition.url, guest);
    await row(reader).getByRole('button', { name: `Options for ${NAME}` }).click();
    await reader.getByRole('menuitem', { name: 'Notes' }).click();
    const readerNotes = reader.getByRole('dialog', { name: `Meeting Notes: ${NAME}` });
    await readerNotes.getByText(INSIGHTS_MESSAGES.notesOutdatedReader).waitFor();
    expect(await readerNotes.getByRole('button', { name: 'Regenerate notes' }).count()).toBe(0);
    await reader.context().close();

    // The host is told, and regenerates.
    await row(page).getByRole('button', { name: `Options for ${NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Notes' }).click();
    const notes = page.getByRole('dialog', { name: `Meeting Notes: ${NAME}` });
    const notice = notes.locator('.notes-outdated');
    await notice.getByText(INSIGHTS_MESSAGES.notesOutdatedHost).waitFor();
    expect(await seriousAxeViolations(page, 'notes modal with the correction notice', '[role="dialog"]')).toEqual([]);
    await shot(page, 'notes-outdated');
    const regenerated = page.waitForResponse((r) => r.url().endsWith(`/api/meetings/${meetingId}/regenerate_notes/`));

    await notice.getByRole('button', { name: 'Regenerate notes' }).click();

    expect((await regenerated).status()).toBe(200);
    await notes.getByText(INSIGHTS_MESSAGES.notesRegenerated).waitFor();
    expect(await notes.getByText(INSIGHTS_MESSAGES.notesOutdatedHost).count()).toBe(0);
    const after = await (await api(`meetings/${meetingId}/generated_notes/`)).json() as { notes_id: string; transcript_edited_at?: string };
    expect(after.notes_id).not.toBe(before.notes_id);
    expect(after.transcript_edited_at).toBeUndefined();
    await notes.getByRole('button', { name: 'Close' }).click();
  });

  it('raised no errors in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});
