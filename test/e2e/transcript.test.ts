/**
 * Transcript end to end (issue 5): the local edition in this process with the real speech engine
 * (default: Whisper tiny.en from npm), Debian Chromium driving the SPA. The host uploads a fixture through the side panel, the
 * row shows the processing status until the transcript is ready, the host opens the transcript, renames a
 * speaker, downloads speaker_labeled_transcript.txt and finds the new name in it, and plays from a line.
 * A participant reads the renamed transcript without the labelling form; a phone shows it at 375 px.
 * Issue 17: SRT, WebVTT and JSON downloads with the new name (ffmpeg reads the subtitles); the player follows the
 * words (click a word, Space, arrows), beside the transcript on a wide screen and above it on a phone; axe-core.
 * Issue 29: Ask about the meeting inside its transcript (citations play the recording from their moment, or show the line).
 * Needs web/dist (npm run build:web), /usr/bin/chromium.
 */
import { jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startLocalEdition } from '../../local/runtime.js';
import { launchBrowser, newBrowserContext, requireWebBuild, signInThroughPage } from '../helpers/browser.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';
import { fixtureClip } from '../helpers/clips.js';

const FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

// Real transcription on a small machine takes minutes while other work shares the 2 cores.
jest.setTimeout(480_000);

// The first 30 s of meeting_ami.m4a: both participants speak in it, with lines more than 5 s in (the ← key), and the
// speech engine takes half the time of the whole 60 s.
let recording: string;
const stamp = Date.now();
const host = { email: `tr.host.${stamp}@example.com`, password: 'host-Secret-1' };
const guest = { email: `tr.guest.${stamp}@example.com`, password: 'guest-Secret-1' };
const NEW_NAME = 'Grace Hopper';

describe('the transcript in the browser', () => {
  let dataDir: string;
  let edition: Awaited<ReturnType<typeof startLocalEdition>>;
  let browser: Browser;
  let hostPage: Page;
  let hostTokens: SignedInUser;
  let meetingId: string;
  let renamedLabel: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await requireWebBuild();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-e2e-transcript-'));
    recording = await fixtureClip('meeting_ami.m4a', 30, path.join(dataDir, 'clip'));
    // Wait states scaled to a fifth (1 s polls of the Transcribe job) rather than 0, which would make the
    // poll loop spin against the endpoint while the decoder needs the CPU.
    edition = await startLocalEdition({ dataDir, port: 0, host: '127.0.0.1', waitScale: 0.2 });
    hostTokens = await signUpAndSignIn(edition.url, host.email, host.password, { first: 'Grace', last: 'Hopper' });
    await signUpAndSignIn(edition.url, guest.email, guest.password, { first: 'Alan', last: 'Turing' });
    browser = await launchBrowser();
    hostPage = await (await newContext(1280)).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await edition?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const newContext = (width: number) => newBrowserContext(browser, width, pageErrors);
  const signIn = (page: Page, who: { email: string; password: string }) => signInThroughPage(page, edition.url, who);

  const row = (page: Page) => page.getByRole('list', { name: 'Meetings' }).getByRole('listitem', { name: 'meeting_ami', exact: true });

  async function openTranscript(page: Page) {
    await row(page).getByRole('button', { name: 'Options for meeting_ami' }).click();
    await page.getByRole('menuitem', { name: 'Transcript' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transcript: meeting_ami' });
    await dialog.getByRole('list', { name: 'Transcript' }).waitFor();
    return dialog;
  }

  it('uploads the recording and shows its processing status in the row until the transcript is ready, without a reload', async () => {
    await signIn(hostPage, host);
    const panel = hostPage.getByRole('complementary', { name: 'Side panel' });
    await panel.getByLabel('Recording (mp4 or m4a)').setInputFiles(recording);

    await panel.getByRole('button', { name: 'Upload Meeting' }).click();

    const status = row(hostPage).getByRole('status', { name: 'Processing status' });
    await status.filter({ hasText: /^(Queued for processing|.+… \d+ %( · about .+ left)?)$/ }).waitFor({ timeout: 30_000 });
    const navigations: string[] = [];
    hostPage.on('framenavigated', (frame) => frame === hostPage.mainFrame() && navigations.push(frame.url()));
    await status.filter({ hasText: /^Transcript ready/ }).waitFor({ timeout: 420_000 });
    expect(navigations).toEqual([]);
  });

  it('shows the speaker-labelled transcript with m:ss times', async () => {
    const transcriptCall = hostPage.waitForRequest((r) => /\/api\/meetings\/[^/]+\/transcript\/$/.test(r.url()));

    const dialog = await openTranscript(hostPage);

    meetingId = /\/api\/meetings\/([^/]+)\/transcript\/$/.exec((await transcriptCall).url())![1]!;
    const lines = dialog.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
    expect(await lines.count()).toBeGreaterThan(0);
    expect(await dialog.locator('.transcript-time').first().textContent()).toMatch(/^\d+:\d\d$/);
    renamedLabel = (await dialog.locator('.transcript-speaker').first().textContent())!;
    expect(renamedLabel).toMatch(/^Speaker \d+$/);
  });

  it('refuses unchanged names, renames a speaker and shows the new name in the lines', async () => {
    const dialog = hostPage.getByRole('dialog', { name: 'Transcript: meeting_ami' });
    await dialog.getByRole('button', { name: 'Label Speaker Names' }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please edit the speaker names before clicking Update.' }).waitFor();
    await dialog.getByLabel(renamedLabel, { exact: true }).fill(NEW_NAME);
    const put = hostPage.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/update_speaker_names/'));

    await dialog.getByRole('button', { name: 'Update' }).click();

    expect((await put).status()).toBe(200);
    await dialog.getByRole('status').filter({ hasText: 'Speaker names updated.' }).waitFor();
    expect(await dialog.locator('.transcript-speaker', { hasText: NEW_NAME }).count()).toBeGreaterThan(0);
    expect(await dialog.locator('.transcript-speaker', { hasText: new RegExp(`^${renamedLabel}$`) }).count()).toBe(0);
  });

  it('downloads speaker_labeled_transcript.txt with the new name in it', async () => {
    const dialog = hostPage.getByRole('dialog', { name: 'Transcript: meeting_ami' });
    const downloaded = hostPage.waitForEvent('download');

    await dialog.getByRole('button', { name: 'Download' }).click();

    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('speaker_labeled_transcript.txt');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain(`${NEW_NAME}: `);
    expect(text).not.toContain(`${renamedLabel}: `);
    expect(text.trim().split('\n').every((line) => /^\[\d\d:\d\d:\d\d\] .+?: /.test(line))).toBe(true);
  });

  it.each([
    ['srt', 'speaker_labeled_transcript.srt'],
    ['vtt', 'speaker_labeled_transcript.vtt'],
  ])('downloads the %s subtitles with the new name, and ffmpeg reads every cue', async (format, fileName) => {
    const dialog = hostPage.getByRole('dialog', { name: 'Transcript: meeting_ami' });
    await dialog.getByLabel('Format').selectOption(format);
    const downloaded = hostPage.waitForEvent('download');

    await dialog.getByRole('button', { name: 'Download' }).click();

    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(fileName);
    const file = (await download.path())!;
    const text = await readFile(file, 'utf8');
    expect(text).toContain(NEW_NAME);
    const cues = (text.match(/ --> /g) ?? []).length;
    expect(cues).toBeGreaterThan(0);
    const read = spawnSync(FFMPEG, ['-v', 'error', '-f', format === 'srt' ? 'srt' : 'webvtt', '-i', file, '-f', 'srt', '-'], { encoding: 'utf8', timeout: 60_000 });
    expect(read.stderr).toBe('');
    expect((read.stdout.match(/ --> /g) ?? []).length).toBe(cues);
  });

  it('downloads the JSON with each word\'s times and speaker', async () => {
    const dialog = hostPage.getByRole('dialog', { name: 'Transcript: meeting_ami' });
    await dialog.getByLabel('Format').selectOption('json');
    const downloaded = hostPage.waitForEvent('download');

    await dialog.getByRole('button', { name: 'Download' }).click();

    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('speaker_labeled_transcript.json');
    const json = JSON.parse(await readFile((await download.path())!, 'utf8'));
    const words = json.lines.flatMap((l: { words: unknown[] }) => l.words);
    expect(words.length).toBeGreaterThan(10);
    expect(words[0]).toEqual(expect.objectContaining({ text: expect.any(String), start: expect.any(Number), end: expect.any(Number), speaker: expect.any(String) }));
    expect(words.some((w: { speaker: string }) => w.speaker === NEW_NAME)).toBe(true);
    await dialog.getByLabel('Format').selectOption('txt');
  });

  it('plays the recording from a clicked line and highlights the line being played', async () => {
    const dialog = hostPage.getByRole('dialog', { name: 'Transcript: meeting_ami' });
    const lines = dialog.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
    const target = (await lines.count()) > 1 ? lines.nth(1) : lines.first();

    await target.getByRole('button').click();

    await dialog.locator('video').waitFor();
    await hostPage.waitForFunction(() => ((document.querySelector('[role="dialog"] video') as HTMLVideoElement | null)?.currentTime ?? 0) > 0);
    await dialog.locator('li[aria-current="true"]').waitFor();
    expect(await dialog.locator('li[aria-current="true"]').count()).toBe(1);
  });

  it('follows the words: a clicked word plays from its time and is marked; Space pauses, ← goes back 5 s; player beside the text', async () => {
    const dialog = hostPage.getByRole('dialog', { name: 'Transcript: meeting_ami' });
    const videoTime = () => hostPage.evaluate(() => (document.querySelector('[role="dialog"] video') as HTMLVideoElement).currentTime);
    const lines = dialog.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
    const word = lines.last().locator('.transcript-word').nth(1);
    const start = Number(await word.getAttribute('data-start'));

    await word.click();

    await hostPage.waitForFunction((s) => {
      const v = document.querySelector('[role="dialog"] video') as HTMLVideoElement;
      return v.currentTime >= s - 0.01 && !v.paused;
    }, start);
    await dialog.locator('.transcript-word-active').waitFor();
    expect(await lines.last().getAttribute('aria-current')).toBe('true');
    await word.press(' ');
    await hostPage.waitForFunction(() => (document.querySelector('[role="dialog"] video') as HTMLVideoElement).paused);
    const paused = await videoTime();
    await word.press('ArrowLeft');
    await hostPage.waitForFunction((t) => Math.abs((document.querySelector('[role="dialog"] video') as HTMLVideoElement).currentTime - Math.max(0, t - 5)) < 0.3, paused);
    const player = (await dialog.getByTestId('transcript-player').boundingBox())!;
    const text = (await dialog.getByRole('list', { name: 'Transcript' }).boundingBox())!;
    expect(text.x).toBeGreaterThanOrEqual(player.x + player.width - 1);
    expect(await seriousAxeViolations(hostPage, 'transcript modal with player', '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('asks about the meeting inside its transcript: the answer with its citations, one plays the recording from its moment by keyboard, one shows the line', async () => {
    const dialog = await openTranscript(hostPage);
    const lines = dialog.getByRole('list', { name: 'Transcript' }).getByRole('listitem');
    // A question made of the words of the meeting's longest line, so something in the meeting answers it.
    const texts = await Promise.all((await lines.all()).map(async (l) => (await l.locator('.transcript-word').allTextContents()).join(' ')));
    const longest = texts.reduce((a, b) => (b.split(' ').length > a.split(' ').length ? b : a));
    const question = `What was said about ${longest.split(' ').filter((w) => w.length > 3).slice(0, 6).join(' ')}?`;

    const asked = hostPage.waitForResponse((r) => r.url().endsWith('/api/search/ask/'));
    await dialog.getByLabel('Ask about this meeting').fill(question);
    await dialog.getByLabel('Ask about this meeting').press('Enter');
    const answer = await (await asked).json() as { mode: string; citations: Array<{ meeting_id: string; start_time: number; turns: [number, number] }> };

    expect(answer.mode).toBe('extractive');
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.every((c) => c.meeting_id === meetingId)).toBe(true);
    const cited = dialog.getByRole('list', { name: 'Where the answer comes from' }).getByRole('listitem');
    expect(await cited.count()).toBe(answer.citations.length);
    const play = cited.first().getByRole('button', { name: /^Play meeting_ami from \d+:\d\d$/ });
    await play.focus();
    await play.press('Enter');
    await hostPage.waitForFunction((s) => {
      const v = document.querySelector('[role="dialog"] video') as HTMLVideoElement | null;
      return v !== null && v.currentTime >= s - 0.01 && v.currentTime < s + 5;
    }, answer.citations[0].start_time);

    await cited.first().getByRole('button', { name: /^Show in transcript at / }).click();
    expect(await hostPage.evaluate(() => document.activeElement?.closest('[data-line]')?.getAttribute('data-line'))).toBe(String(answer.citations[0].turns[0]));
    expect(await seriousAxeViolations(hostPage, 'transcript modal with an answer', '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('lets the host correct a line: the text, the downloads and voice search follow, and a participant may not (403)', async () => {
    const dialog = await openTranscript(hostPage);
    await dialog.getByRole('button', { name: 'Correct words' }).click();
    const first = dialog.getByRole('list', { name: 'Transcript' }).getByRole('listitem').first();
    await first.getByRole('button', { name: /^Edit line at / }).click();
    const box = first.getByRole('textbox');
    const original = await box.inputValue();
    await box.fill(`Zanzibarian ${original}`);
    const put = hostPage.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/update_transcript_line/'));

    await first.getByRole('button', { name: 'Save' }).click();

    expect((await put).status()).toBe(200);
    await first.getByText(/^Zanzibarian /).waitFor();
    const link = await (await fetch(`${edition.url}/api/meetings/${meetingId}/transcript/?format=vtt`, { headers: { authorization: `Bearer ${hostTokens.access}` } })).json() as { url: string };
    expect(await (await fetch(link.url)).text()).toContain('Zanzibarian');
    const hits = await (await fetch(`${edition.url}/api/search/search_audio/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${hostTokens.access}` },
      body: JSON.stringify({ query: 'zanzibarian', meeting_id: meetingId }),
    })).json();
    expect(JSON.stringify(hits)).toMatch(/zanzibarian/i);
    await dialog.getByRole('button', { name: 'Done correcting' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('shows a participant the renamed transcript, without speaker labelling', async () => {
    const shared = await fetch(`${edition.url}/api/meetings/attendees/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${hostTokens.access}` },
      body: JSON.stringify({ meeting_ids: [meetingId], attendees: [{ email: guest.email }], message_string: '' }),
    });
    expect(shared.status).toBeLessThan(300);
    const guestPage = await (await newContext(1280)).newPage();
    await signIn(guestPage, guest);

    const dialog = await openTranscript(guestPage);

    expect(await dialog.locator('.transcript-speaker', { hasText: NEW_NAME }).count()).toBeGreaterThan(0);
    expect(await dialog.getByRole('button', { name: 'Label Speaker Names' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Correct words' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Download' }).waitFor();
    const guestToken = await guestPage.evaluate(() => localStorage.getItem('token'));
    const refused = await fetch(`${edition.url}/api/meetings/${meetingId}/update_transcript_line/`, {
      method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${guestToken}` }, body: JSON.stringify({ line: 0, text: 'Hijacked' }),
    });
    expect(refused.status).toBe(403);
    await guestPage.context().close();
  });

  it('opens the transcript directly from /dashboard/{id}/transcript on a 375 px phone, within the width, and finds a word in it', async () => {
    const phone = await newContext(375);
    const mobile = await phone.newPage();
    await signIn(mobile, host);

    await mobile.goto(`${edition.url}/dashboard/${meetingId}/transcript`);

    const dialog = mobile.getByRole('dialog', { name: 'Transcript: meeting_ami' });
    await dialog.getByRole('list', { name: 'Transcript' }).waitFor();
    expect((await dialog.boundingBox())?.width).toBe(375);
    expect(await dialog.evaluate((d) => d.scrollWidth)).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: 'Play recording' }).click();
    await dialog.locator('video').waitFor();
    const player = (await dialog.getByTestId('transcript-player').boundingBox())!;
    const text = (await dialog.getByRole('list', { name: 'Transcript' }).boundingBox())!;
    expect(text.y).toBeGreaterThanOrEqual(player.y + player.height - 1);
    expect(await dialog.evaluate((d) => d.scrollWidth)).toBeLessThanOrEqual(375);

    // The find box (issue 35): Ctrl+F inside the modal focuses it, the matches are marked and counted, Enter moves on,
    // and Escape clears the field without closing the modal.
    const firstText = (await dialog.locator('.transcript-text').first().textContent()) ?? '';
    const word = firstText.split(/\s+/).map((w) => w.replace(/[^A-Za-z]/g, '')).find((w) => w.length >= 3)!;
    await mobile.keyboard.press('Control+f');
    const field = dialog.getByRole('searchbox', { name: 'Find in transcript' });
    expect(await field.evaluate((f) => f === document.activeElement)).toBe(true);
    await field.fill(word);
    const count = dialog.locator('.transcript-find-count');
    await count.filter({ hasText: /^1 of \d+$/ }).waitFor();
    const total = Number(/of (\d+)/.exec((await count.textContent())!)![1]);
    expect(await dialog.locator('mark[data-find-current]').first().textContent()).toMatch(new RegExp(`^${word}`, 'i'));
    if (total > 1) {
      await field.press('Enter');
      await count.filter({ hasText: `2 of ${total}` }).waitFor();
    }
    expect(await dialog.evaluate((d) => d.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(mobile, 'transcript modal (phone)', '[role="dialog"]')).toEqual([]);
    await field.press('Escape');
    expect(await field.inputValue()).toBe('');
    expect(await dialog.locator('mark').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Label Speaker Names' }).click();
    expect((await dialog.getByLabel(renamedLabel, { exact: true }).inputValue())).toBe(NEW_NAME);
    await phone.close();
  });

  it('raised no errors in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});
