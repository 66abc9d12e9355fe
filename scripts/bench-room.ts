/**
 * Live-room bench (issue 8): one host and ten guests in headless Chromium with a fake camera against the
 * local edition. Prints each guest's join-to-first-frame (median, worst) and received frame rate, with
 * presenter removal off and on, and the segmentation frame rate at 640×480 of our presenter-removal
 * code (web/src/features/room, bundled with esbuild and run in the page).
 *   npm run bench:room            (needs web/dist: npm run build:web; and /usr/bin/chromium)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { PROJECT_ROOT, startLocalEdition } from '../local/runtime.js';
import { launchBrowser } from '../test/helpers/browser.js';
import { eventually } from '../test/helpers/eventually.js';
import { signUpAndSignIn } from '../test/helpers/users.js';

const GUESTS = 10;
const MEASURE_SECONDS = 10;
const ARGS = ['--enable-unsafe-swiftshader', '--disable-features=WebRtcHideLocalIpsWithMdns', '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection', '--autoplay-policy=no-user-gesture-required'];

const frames = (page: Page) => page.evaluate(() => document.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function receivedFps(guests: Page[]): Promise<number[]> {
  const before = await Promise.all(guests.map(frames));
  const start = Date.now();
  await sleep(MEASURE_SECONDS * 1000);
  const after = await Promise.all(guests.map(frames));
  const seconds = (Date.now() - start) / 1000;
  return after.map((n, i) => (n - before[i]) / seconds);
}

async function segmentationFps(page: Page): Promise<{ segmentsPerSecond: number; programFps: number; maskFps: number }> {
  const bundle = await build({
    stdin: { contents: "export { loadSegmenter } from './segmenter.ts'; export { ProgramCanvas } from './presenter-removal.ts';",
      resolveDir: path.join(PROJECT_ROOT, 'web/src/features/room'), loader: 'ts' },
    bundle: true, format: 'iife', globalName: 'roomBench', write: false, target: 'es2022',
  });
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  return page.evaluate(async (seconds) => {
    const { loadSegmenter, ProgramCanvas } = (window as any).roomBench;
    const video = document.createElement('video');
    video.muted = true;
    video.srcObject = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 } });
    await video.play();
    const segmenter = await loadSegmenter();
    const canvas = document.createElement('canvas');
    canvas.width = 640; canvas.height = 480;
    canvas.getContext('2d')!.drawImage(video, 0, 0);
    await segmenter.segment(canvas);
    const t0 = performance.now();
    let n = 0;
    while (performance.now() - t0 < 3000) { await segmenter.segment(canvas); n += 1; }
    const segmentsPerSecond = n / ((performance.now() - t0) / 1000);
    const program = new ProgramCanvas(video);
    program.setRemoval(true, segmenter);
    await new Promise((r) => setTimeout(r, 1000));
    const [f0, m0] = [program.frameCount, program.maskCount];
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const programFps = (program.frameCount - f0) / seconds;
    const maskFps = (program.maskCount - m0) / seconds;
    program.stop();
    return { segmentsPerSecond, programFps, maskFps };
  }, 5);
}

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/** The host signs in, starts a meeting, goes live and copies the meeting link. */
async function hostStartsMeeting(browser: Browser, url: string) {
  const host = await signUpAndSignIn(url, `bench.host.${Date.now()}@example.com`, 'bench-room-secret-1', { first: 'Bench', last: 'Host' });
  const hostPage = await (await browser.newContext()).newPage();
  await hostPage.goto(`${url}/auth/login`);
  await hostPage.evaluate(([a, r]) => {
    localStorage.setItem('token', a); localStorage.setItem('refreshToken', r);
    localStorage.setItem('expirationDate', new Date(Date.now() + 3_600_000).toISOString());
  }, [host.access, host.refresh]);
  await hostPage.goto(`${url}/startmeeting`);
  const controls = hostPage.getByRole('toolbar', { name: 'Meeting controls' });
  await eventually(async () => { if (await controls.getByRole('button', { name: 'Start' }).isDisabled()) throw new Error('no meeting yet'); });
  await controls.getByRole('button', { name: 'Start' }).click();
  await eventually(async () => { if (await controls.getByRole('button', { name: 'Share' }).isDisabled()) throw new Error('not live'); });
  await controls.getByRole('button', { name: 'Share' }).click();
  const link = await hostPage.getByLabel('Meeting link').inputValue();
  await hostPage.keyboard.press('Escape');
  return { hostPage, controls, link };
}

/** Each guest opens the link and fills in the lobby, up to the Join button. */
async function guestsAtTheDoor(browser: Browser, link: string): Promise<Page[]> {
  const guests: Page[] = [];
  for (let i = 0; i < GUESTS; i += 1) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(link);
    await page.getByLabel('Your name').fill(`Guest ${i + 1}`);
    await page.getByLabel('Your email').fill(`guest${i + 1}@example.com`);
    await page.getByRole('button', { name: 'Next' }).click();
    guests.push(page);
  }
  return guests;
}

/** The guests join 300 ms apart; each one's click-to-first-decoded-frame time, timed inside the page. */
async function joinToFirstFrame(guests: Page[]): Promise<number[]> {
  return Promise.all(guests.map(async (page, i) => {
    await sleep(i * 300); // people arrive one after another, not in the same millisecond
    // Timed inside the page (click to first decoded frame), so polling from here adds no load or error.
    await page.evaluate(() => {
      const w = window as any;
      document.querySelector('.room-controls button')!.addEventListener('click', () => {
        w.joinAt = performance.now();
        const timer = setInterval(() => {
          const video = document.querySelector('video');
          if (video && video.getVideoPlaybackQuality().totalVideoFrames > 0) { w.firstFrameAt = performance.now(); clearInterval(timer); }
        }, 5);
      }, { once: true });
    });
    await page.getByRole('button', { name: 'Join' }).click();
    // One call that settles in the page, rather than polling it over the DevTools protocol.
    return page.evaluate(() => new Promise<number>((resolve) => {
      const w = window as any;
      const check = setInterval(() => { if (w.firstFrameAt) { clearInterval(check); resolve(Math.round(w.firstFrameAt - w.joinAt)); } }, 20);
    }));
  }));
}

/** The legs of each join's offer→answer exchange, from the guests' and the host's marks on the shared wall clock. */
async function printSignallingLegs(hostPage: Page, guests: Page[]) {
  // The host's side of each join, on the shared wall clock (performance.timeOrigin + startTime).
  const absolute = (page: Page) => page.evaluate(() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('room:'))
    .map((m) => ({ name: m.name, at: performance.timeOrigin + m.startTime, detail: (m as PerformanceMark).detail as string | null })));
  const hostMarks = await absolute(hostPage);
  const hostAt = (kind: string, id: string) => hostMarks.find((m) => m.name === `room:host-${kind}:${id}`)?.at ?? NaN;
  const legs = (await Promise.all(guests.map(absolute))).map((marks) => {
    const sent = marks.find((m) => m.name === 'room:offer-sent')!;
    const received = marks.find((m) => m.name === 'room:answer-received')!;
    const id = sent.detail!;
    return { toHost: hostAt('offer', id) - sent.at, hostWork: hostAt('described', id) - hostAt('offer', id), hostGathering: hostAt('answer',
      id) - hostAt('described', id), back: received.at - hostAt('answer', id) };
  });
  for (const leg of ['toHost', 'hostWork', 'hostGathering', 'back'] as const) {
    const values = legs.map((l) => Math.round(l[leg]));
    console.log(`  offer→answer: ${leg.padEnd(13)} median ${median(values)} ms, worst ${Math.max(...values)} ms`);
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-bench-room-'));
  const edition = await startLocalEdition({ dataDir, port: 0 });
  const browser = await launchBrowser(ARGS);
  try {
    const { hostPage, controls, link } = await hostStartsMeeting(browser, edition.url);
    const guests = await guestsAtTheDoor(browser, link);
    // The local edition runs in this process: how long its event loop stalled while the guests joined.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const firstFrameMs = await joinToFirstFrame(guests);
    loopDelay.disable();
    // Where the time went: the guest session's performance marks, relative to the click.
    const phases = await Promise.all(guests.map((page) => page.evaluate(() => Object.fromEntries(
      performance.getEntriesByType('mark').filter((m) => m.name.startsWith('room:')).map((m) => [m.name.slice(5),
        Math.round(m.startTime - (window as any).joinAt)])))));
    await sleep(2000);
    const fpsOff = await receivedFps(guests);
    await controls.getByRole('button', { name: 'Remove Presenter' }).click();
    await controls.getByRole('button', { name: 'Leave Presenter' }).waitFor();
    await sleep(3000);
    const fpsOn = await receivedFps(guests);
    await controls.getByRole('button', { name: 'Stop' }).click();

    const segPage = await (await browser.newContext()).newPage();
    await segPage.goto(`${edition.url}/auth/login`);
    const seg = await segmentationFps(segPage);

    console.log(`cores: ${os.cpus().length}; guests: ${GUESTS}; targets: first frame <= 2000 ms, >= 10 fps`);
    console.log(`join-to-first-frame ms: median ${median(firstFrameMs)}, worst ${Math.max(...firstFrameMs)} (all: ${firstFrameMs.join(', ')})`);
    await printSignallingLegs(hostPage, guests);
    for (const name of Object.keys(phases[0] ?? {})) {
      const values = phases.map((p) => p[name]).filter((v) => typeof v === 'number');
      console.log(`  ${name.padEnd(16)} median ${median(values)} ms, worst ${Math.max(...values)} ms after the click${name === 'socket-open' ?
        ' (negative: prepared before it)' : ''}`);
    }
    console.log(`  server event loop while joining: delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`);
    console.log(`received fps, removal off: ${fpsOff.map((f) => f.toFixed(1)).join(', ')} (min ${Math.min(...fpsOff).toFixed(1)})`);
    console.log(`received fps, removal on:  ${fpsOn.map((f) => f.toFixed(1)).join(', ')} (min ${Math.min(...fpsOn).toFixed(1)})`);
    console.log(`segmentation 640x480 (MediaPipe selfie, WebGL on SwiftShader): ${seg.segmentsPerSecond.toFixed(
      1)} model runs/s alone; with compositing: program ${seg.programFps.toFixed(1)} fps drawn, masks refreshed ${seg.maskFps.toFixed(1)}/s`);
  } finally {
    await browser.close();
    await edition.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
