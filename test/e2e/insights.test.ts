/**
 * Insights end to end (issue 6): the local edition in this process with the real pipeline (default speech engine: Whisper tiny.en,
 * local Comprehend, on-box notes engine), Debian Chromium driving the SPA. The fixture meetings hold read
 * text with no commitments in it, so the recording is made at test time: two espeak-ng voices say a short
 * meeting with commitments, praise and a complaint. The host uploads it through the side panel, waits for
 * processing, then uses the sentiment modal (distribution bar, drag zoom, Zoom Out, Hide Tooltip, Filter
 * By Speaker, significant moments that play) and the notes modal (overview, summary, an action item's time
 * range that plays). Assertions are on what the pipeline produced, read from the API answers.
 * Needs web/dist (npm run build:web), /usr/bin/chromium and espeak-ng (apt-get install espeak-ng).
 */
import { jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { SentimentItemView } from '../../functions/contracts/insights.js';
import type { MeetingNotes } from '../../functions/core/notes/model.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { startLocalEdition } from '../../local/runtime.js';
import { launchBrowser, requireWebBuild } from '../helpers/browser.js';
import { eventually } from '../helpers/eventually.js';
import { synthesizeMeeting, type SpokenLine } from '../helpers/speech-fixture.js';
import { signUpAndSignIn } from '../helpers/users.js';

jest.setTimeout(480_000);

const NAME = 'weekly_sync';
const host = { email: `in.host.${Date.now()}@example.com`, password: 'host-Secret-1' };
// Two Klatt voices far apart in pitch (chosen when pocketsphinx was the default; Whisper hears them too), and the
// diarizer can tell them apart. Over 30 s of speech, so the meeting is not "too short".
const A = { voice: 'en-us+klatt', pitch: 25 };
const B = { voice: 'en-us+klatt4', pitch: 80 };
const SCRIPT: SpokenLine[] = [
  { ...A, text: 'Good morning everyone, thanks for joining.' },
  { ...B, text: 'That sounds great, I am really happy with the progress.' },
  { ...A, text: 'I will send the report to the team by Friday.' },
  { ...B, text: 'I will write the summary today.' },
  { ...A, text: 'This delay is a terrible problem and I am worried.' },
  { ...B, text: 'The new design is excellent and the customers love it.' },
  { ...A, text: 'Unfortunately the budget problem is terrible.' },
  { ...B, text: 'Thank you, wonderful work everyone.' },
];

/** The <video> of the open dialog is within a second of `seconds` and not seeking. */
async function waitForPlayerAt(page: Page, seconds: number) {
  await page.waitForFunction((at) => {
    const video = document.querySelector('[role="dialog"] video') as HTMLVideoElement | null;
    return !!video && video.readyState >= 1 && !video.seeking && Math.abs(video.currentTime - at) <= 1;
  }, seconds);
}

const timeDomain = async (chart: Locator) => (await chart.getAttribute('data-time-domain'))!.split(',').map(Number) as [number, number];

describe('the insights in the browser', () => {
  let dataDir: string;
  let edition: Awaited<ReturnType<typeof startLocalEdition>>;
  let browser: Browser;
  let page: Page;
  let sentiments: SentimentItemView[];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await requireWebBuild();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-e2e-insights-'));
    const recording = await synthesizeMeeting(SCRIPT, path.join(dataDir, `${NAME}.m4a`));
    edition = await startLocalEdition({ dataDir: path.join(dataDir, 'edition'), port: 0, host: '127.0.0.1', waitScale: 0.2 });
    await signUpAndSignIn(edition.url, host.email, host.password, { first: 'Ada', last: 'Lovelace' });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(`${edition.url}/auth/login`);
    await page.getByLabel('My Email', { exact: true }).fill(host.email);
    await page.getByLabel('My Password', { exact: true }).fill(host.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'My Meetings' }).waitFor();
    const panel = page.getByRole('complementary', { name: 'Side panel' });
    await panel.getByLabel('Recording (mp4 or m4a)').setInputFiles(recording);
    await panel.getByRole('button', { name: 'Upload Meeting' }).click();
    await row().getByRole('status', { name: 'Processing status' }).filter({ hasText: /^Transcript ready/ }).waitFor({ timeout: 420_000 });
  }, 480_000);

  afterAll(async () => {
    await browser?.close();
    await edition?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function row() {
    return page.getByRole('list', { name: 'Meetings' }).getByRole('listitem', { name: NAME, exact: true });
  }

  async function openFromMenu(item: 'Sentiment Analysis' | 'Notes') {
    await row().getByRole('button', { name: `Options for ${NAME}` }).click();
    await page.getByRole('menuitem', { name: item }).click();
  }

  const sentimentDialog = () => page.getByRole('dialog', { name: `Sentiment Analysis: ${NAME}` });
  const chart = () => sentimentDialog().getByTestId('sentiment-chart');

  it('opens the sentiment analysis with the distribution bar and a point per scored sentence', async () => {
    const answer = page.waitForResponse((r) => /\/api\/meetings\/[^/]+\/sentiments_data\/$/.test(r.url()) && r.status() === 200);

    await openFromMenu('Sentiment Analysis');

    sentiments = ((await (await answer).json()) as { sentiments_data: SentimentItemView[] }).sentiments_data;
    expect(sentiments.length).toBeGreaterThan(2);
    await sentimentDialog().getByRole('img', { name: /^Positive \d+%, neutral \d+%, negative \d+%$/ }).waitFor();
    await chart().locator('.sentiment-dot').first().waitFor();
    expect(await chart().locator('.sentiment-dot').count()).toBe(sentiments.length);
  });

  it('zooms on a dragged time span and Zoom Out restores the whole meeting', async () => {
    const [from, to] = await timeDomain(chart());
    const surface = (await chart().locator('.recharts-surface').boundingBox())!;
    const y = surface.y + surface.height / 2;

    await page.mouse.move(surface.x + surface.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(surface.x + surface.width * 0.5, y, { steps: 5 });
    await page.mouse.move(surface.x + surface.width * 0.75, y, { steps: 5 });
    await page.mouse.up();

    await eventually(async () => {
      const [zFrom, zTo] = await timeDomain(chart());
      expect(zFrom).toBeGreaterThan(from);
      expect(zTo).toBeLessThan(to);
    });
    // Dragging to zoom does not select the axis labels.
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
    await sentimentDialog().getByRole('button', { name: 'Zoom Out' }).click();
    expect(await timeDomain(chart())).toEqual([from, to]);
    expect(await sentimentDialog().getByRole('button', { name: 'Zoom Out' }).isDisabled()).toBe(true);
  });

  it('shows a tooltip over a point, and none after Hide Tooltip', async () => {
    const dot = chart().locator('.sentiment-dot').nth(Math.floor(sentiments.length / 2));

    await dot.hover();
    await sentimentDialog().getByRole('tooltip').waitFor();
    // The tooltip has a background of its own and stays inside the window.
    const tip = sentimentDialog().getByRole('tooltip');
    expect(await tip.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    const tipBox = (await tip.boundingBox())!;
    expect(tipBox.x + tipBox.width).toBeLessThanOrEqual(1280);
    await sentimentDialog().getByRole('button', { name: 'Hide Tooltip' }).click();
    await dot.hover();

    await sentimentDialog().getByRole('button', { name: 'Show Tooltip' }).waitFor();
    expect(await sentimentDialog().getByRole('tooltip').count()).toBe(0);
    await sentimentDialog().getByRole('button', { name: 'Show Tooltip' }).click();
  });

  it('narrows the points to one speaker with Filter By Speaker', async () => {
    const filter = sentimentDialog().getByLabel('Filter By Speaker');
    const labels = [...new Set(sentiments.map((s) => s.speaker_label))].sort();
    expect(labels.length).toBeGreaterThan(1);
    const chosen = labels[0]!;
    const theirs = sentiments.filter((s) => s.speaker_label === chosen).map((s) => s.start_time).sort((a, b) => a - b);

    await filter.selectOption({ label: `Speaker ${Number(chosen.replace('spk_', '')) + 1}` });

    await eventually(async () => expect(await chart().locator('.sentiment-dot').count()).toBe(theirs.length));
    const shown = (await chart().locator('.sentiment-dot').evaluateAll((dots) => dots.map((d) => Number(d.getAttribute('data-start')))))
      .sort((a, b) => a - b);
    expect(shown).toEqual(theirs);
    expect(shown.length).toBeLessThan(sentiments.length);
    await filter.selectOption({ label: 'All speakers' });
    await eventually(async () => expect(await chart().locator('.sentiment-dot').count()).toBe(sentiments.length));
  });

  it('lists the most positive and most negative moments and plays the recording from one', async () => {
    const mostPositive = sentiments.reduce((a, b) => (b.sentiment_score > a.sentiment_score ? b : a));
    const mostNegative = sentiments.reduce((a, b) => (b.sentiment_score < a.sentiment_score ? b : a));
    expect(mostPositive.sentiment_score).toBeGreaterThan(0);
    expect(mostNegative.sentiment_score).toBeLessThan(0);

    await sentimentDialog().getByRole('button', { name: 'List Significant Moments' }).click();

    const positive = sentimentDialog().getByRole('region', { name: 'Most positive moments' }).getByRole('button');
    const negative = sentimentDialog().getByRole('region', { name: 'Most negative moments' }).getByRole('button');
    expect(await positive.first().textContent()).toContain(mostPositive.content);
    expect(await negative.first().textContent()).toContain(mostNegative.content);
    await negative.first().click();
    await waitForPlayerAt(page, mostNegative.start_time);
    // The player that sounds is on screen, with a way to stop it.
    const player = sentimentDialog().getByTestId('moment-player');
    expect(await player.isVisible()).toBe(true);
    const box = (await player.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(900);
    expect(await seriousAxeViolations(page, 'sentiment modal', '[role="dialog"]')).toEqual([]);
    await player.getByRole('button', { name: 'Close player' }).click();
    await player.waitFor({ state: 'detached' });
    await sentimentDialog().getByRole('button', { name: 'Close' }).click();
  });

  it('fits the sentiment analysis in a 375 px phone without sideways scrolling', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const mobile = await phone.newPage();
    await mobile.goto(`${edition.url}/auth/login`);
    await mobile.getByLabel('My Email', { exact: true }).fill(host.email);
    await mobile.getByLabel('My Password', { exact: true }).fill(host.password);
    await mobile.getByRole('button', { name: 'Sign In' }).click();
    await mobile.getByRole('button', { name: `Open ${NAME}` }).click();
    await mobile.getByRole('button', { name: 'Sentiment Analysis' }).click();
    const dialog = mobile.getByRole('dialog', { name: `Sentiment Analysis: ${NAME}` });
    await dialog.getByTestId('sentiment-chart').locator('.sentiment-dot').first().waitFor();
    await dialog.getByRole('button', { name: 'List Significant Moments' }).click();

    expect(await dialog.evaluate((d) => d.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.close();
  });

  it('shows the notes and plays an action item from the start of its time range', async () => {
    const answer = page.waitForResponse((r) => /\/api\/meetings\/[^/]+\/generated_notes\/$/.test(r.url()) && r.status() === 200);

    await openFromMenu('Notes');

    const notes = (await (await answer).json()) as MeetingNotes;
    const dialog = page.getByRole('dialog', { name: `Meeting Notes: ${NAME}` });
    expect(notes.overview.length).toBeGreaterThan(0);
    await dialog.getByRole('region', { name: 'Overview' }).getByText(notes.overview, { exact: true }).waitFor();
    expect(await dialog.getByRole('region', { name: 'Summary' }).getByRole('listitem').count()).toBe(notes.summary.length);
    expect(notes.summary.length).toBeGreaterThan(0);
    // The pipeline must have found at least one of the commitments spoken in SCRIPT.
    expect(notes.action_items.length).toBeGreaterThan(0);
    const actions = dialog.getByRole('region', { name: 'Action Items' }).getByRole('listitem');
    expect(await actions.count()).toBe(notes.action_items.length);
    const item = notes.action_items[notes.action_items.length - 1]!;
    const itemRow = actions.filter({ hasText: item.content });

    await itemRow.getByRole('button', { name: /^Play from \d+:\d\d – \d+:\d\d$/ }).click();

    await waitForPlayerAt(page, item.timestamp_range.start_time);
    // The time-range buttons' names hold their visible text (axe label-content-name-mismatch was serious here).
    expect(await seriousAxeViolations(page, 'notes modal', '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('raised no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

