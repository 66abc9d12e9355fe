/**
 * npm run bench:search — fills a fresh local edition's search index with at least 500 meeting-hours of
 * transcript-like speech and slide frames generated from the shared fixtures' transcripts (10 users,
 * each hosting 50 one-hour meetings shared with two others), then times the three search calls through
 * the HTTP API and prints p50/p95 and the process's resident memory (sampled every 50 ms: peak while
 * indexing, peak while querying, and at the end). MEETSCRIBE_BENCH_MEETINGS changes the count.
 * Runs with the local edition's heap setting (see package.json "start" and docs/search.md).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedSearchIndex } from '../functions/adapters/search-index/embedded.js';
import { segmentWords, type TranscriptWord } from '../functions/core/search/indexing.js';
import type { FrameDoc } from '../functions/core/search/model.js';
import { startLocalEdition } from '../local/runtime.js';
import { signUpAndSignIn } from '../test/helpers/users.js';
import { FIXTURES_DIR, readFixtureMeeting } from '../test/unit/search/fixture-transcript.js';

const USERS = 10;
const MEETINGS = Number(process.env.MEETSCRIBE_BENCH_MEETINGS ?? 500);
const HOUR = 3600;
const FRAMES_PER_HOUR = 60;
const REQUESTS = 300;

let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

async function corpus(): Promise<string[][]> {
  const asr = path.join(FIXTURES_DIR, 'asr');
  const texts = await Promise.all((await readdir(asr)).filter((f) => f.endsWith('.txt')).map((f) => readFile(path.join(asr, f), 'utf8')));
  const meeting = await readFixtureMeeting();
  return [...texts, ...meeting.segments.map((s) => s.text), ...meeting.on_screen_text.lines].map((t) => t.split(/\s+/).filter(Boolean));
}

/** One hour of speech: fixture sentences in random order, ~2.5 words a second, turns between three speakers. */
function hourOfSpeech(sentences: string[][]): TranscriptWord[] {
  const words: TranscriptWord[] = [];
  let t = 0.5;
  let speaker = 0;
  while (t < HOUR) {
    if (random() < 0.3) speaker = (speaker + 1) % 3;
    for (const text of pick(sentences)) { words.push({ text, start: t, end: t + 0.35, speaker: `spk_${speaker}` }); t += 0.4; }
    t += 0.8;
  }
  return words;
}

/** A slide: a title and three to five lines of fixture text, laid out in rows with word boxes. */
function slide(meetingId: string, createdAt: string, position: number, sentences: string[][]): FrameDoc {
  const lines = Array.from({ length: 4 + Math.floor(random() * 3) }, () => pick(sentences).slice(0, 8));
  const words = lines.flatMap((line, row) => line.map((text, col) => ({ text, confidence: 90, box: { left: 0.06 + col * 0.1, top: 0.1 + row * 0.08, width: 0.09,
    height: 0.05 } })));
  const key = `artefacts/${meetingId}/frames/${String(position).padStart(5, '0')}`;
  return { meetingId, createdAt, position, timestamp: position * 60, imageKey: `${key}.jpg`, thumbnailKey: `${key}.thumb.jpg`, width: 1280, height: 720,
    words };
}

/** The process's peak resident memory since the last `take()`, sampled every 50 ms. */
function residentPeaks() {
  let peak = 0;
  const sample = () => { peak = Math.max(peak, process.memoryUsage.rss()); };
  const timer = setInterval(sample, 50);
  return {
    take(): number { sample(); const value = peak; peak = 0; return value; },
    stop: () => clearInterval(timer),
  };
}
const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function percentile(sorted: number[], p: number) { return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]; }

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-bench-search-'));
  const edition = await startLocalEdition({ dataDir, port: 0, waitScale: 0 });
  const peaks = residentPeaks();
  try {
    const api = async (method: string, apiPath: string, token: string, body?: { json?: unknown; form?: Record<string, string> }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let payload: string | undefined;
      if (body?.json !== undefined) { headers['content-type'] = 'application/json'; payload = JSON.stringify(body.json); }
      if (body?.form) { headers['content-type'] = 'application/x-www-form-urlencoded'; payload = new URLSearchParams(body.form).toString(); }
      const response = await fetch(`${edition.url}/api/${apiPath}`, { method, headers, body: payload });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text.slice(0, 200)}`);
      return text ? JSON.parse(text) : undefined;
    };
    const sentences = await corpus();
    const vocabulary = [...new Set(sentences.flat().map((w) => w.toLowerCase().replace(/[^a-z]/g, '')).filter((w) => w.length >= 4))];
    const users: Array<{ email: string; token: string; visible: string[] }> = [];
    for (let u = 0; u < USERS; u += 1) {
      const email = `bench-${u}@example.com`;
      users.push({ email, token: (await signUpAndSignIn(edition.url, email)).access, visible: [] });
    }
    const index = openEmbeddedSearchIndex(process.env.SEARCH_INDEX_DIR!);
    const started = Date.now();
    for (let m = 0; m < MEETINGS; m += 1) {
      const host = users[m % USERS];
      const others = [users[(m + 1) % USERS], users[(m + 3) % USERS]];
      const { id } = await api('POST', 'meetings/', host.token, { json: { name: `${pick(sentences).slice(0, 3).join(' ')} ${m}` } });
      await api('POST', 'meetings/attendees/', host.token, { json: { meeting_ids: [id], attendees: others.map((o) => ({ email: o.email })),
        message_string: '' } });
      [host, ...others].forEach((user) => user.visible.push(id));
      const createdAt = new Date().toISOString();
      await index.replaceSegments(id, segmentWords(id, createdAt, hourOfSpeech(sentences)));
      await index.replaceFrames(id, Array.from({ length: FRAMES_PER_HOUR }, (_, p) => slide(id, createdAt, p, sentences)));
      if ((m + 1) % 100 === 0) console.log(`  ${m + 1} meeting-hours indexed (${Math.round((Date.now() - started) / 1000)} s)`);
    }

    const query = () => (random() < 0.25 ? pick(vocabulary).slice(0, 4) : random() < 0.5 ? `${pick(vocabulary)} ${pick(vocabulary).slice(0, 3)}` :
      pick(vocabulary));
    const calls = {
      'search/ (names + on-screen text)': (u: typeof users[0]) => api('POST', 'search/', u.token, { form: { query: query() } }),
      'search/search_content/': (u: typeof users[0]) => api('POST', 'search/search_content/', u.token, { json: { query: query(), meeting_id: random() < 0.5 ?
        pick(u.visible) : undefined } }),
      'search/search_audio/': (u: typeof users[0]) => api('POST', 'search/search_audio/', u.token, { json: { query: query(), meeting_id: random() < 0.5 ?
        pick(u.visible) : undefined } }),
    };
    const indexingPeak = peaks.take();
    const coldStart = Date.now();
    for (const u of users) await calls['search/search_audio/']({ ...u, visible: [] });
    for (const u of users) await calls['search/ (names + on-screen text)'](u);
    console.log(`\nFirst queries (loading every partition of ${USERS} users): ${Date.now() - coldStart} ms`);
    console.log(`Index: ${MEETINGS} meetings = ${MEETINGS} meeting-hours, each user sees ${users[0].visible.length} meetings\n`);
    for (const [name, call] of Object.entries(calls)) {
      for (let i = 0; i < 20; i += 1) await call(pick(users));
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const t = performance.now();
        await call(pick(users));
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(36)} p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${percentile(times, 95).toFixed(1)} ms   (${REQUESTS} requests)`);
    }
    const queryingPeak = peaks.take();
    const memory = process.memoryUsage();
    console.log(`\nResident memory: peak while indexing ${megabytes(indexingPeak)}, peak while querying ${megabytes(queryingPeak)}, at the end ${megabytes(
      memory.rss)} (heap used ${megabytes(memory.heapUsed)})`);
  } finally {
    peaks.stop();
    await edition.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
