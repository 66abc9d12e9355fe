/**
 * Time-left estimates against the actual time (docs/pipeline.md "Time left"): builds recordings of 2, 10 and 60 minutes
 * from the shared fixtures (in a temp folder), uploads them one after another through one local edition (so the later
 * runs are estimated from the speed measured on the earlier ones, as on a machine in use; the first run has only the
 * defaults) and prints, for each, the time left the API showed at the start of processing (the first reading after the
 * recording was probed) and once 25 % and 50 % of the actual time had passed, beside the time that was actually left
 * until the transcript was ready, and the error, each point and each recording marked PASS or FAIL against the
 * target (within ±50 %). For each run it also prints the timed stages' seconds as the pipeline recorded them
 * (what the next runs' expected times are fitted from, stage-speeds.ts) and the speech engine's pace: seconds of speech
 * it reported decoded a second, while the speech was being found and after (progress.ts counts only the decoding).
 * Usage: npm run bench:estimates [-- --minutes 2,10,60] [--poll-seconds 0.25] (how often the API is read)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createStageSpeedRecord } from '../functions/adapters/dynamodb/stage-speeds-repository.js';
import { readConfig } from '../functions/config.js';
import { TIMED_STAGES } from '../functions/core/pipeline/stage-speeds.js';
import { selectEngine } from '../local/engines/select.js';
import type { TranscriptionEngine, TranscriptionProgress } from '../local/engines/types.js';
import { startLocalEdition } from '../local/runtime.js';
import { signUpAndSignIn } from '../test/helpers/users.js';
import { buildFixtureRecording } from './lib/fixture-recording.js';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '2,10,60' }, 'poll-seconds': { type: 'string', default: '0.25' } } });
const lengths = values.minutes.split(',').map(Number);
if (lengths.some((m) => !(m > 0))) throw new Error('--minutes must be a comma-separated list of positive numbers');
const pollMs = Number(values['poll-seconds']) * 1000;

/** A call to the local edition; a read whose connection dropped (a loaded machine) is sent again, up to 5 times. */
const api = async (url: string, token: string, init: RequestInit = {}) => {
  const send = () => fetch(url, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  let response: Response | undefined;
  for (let attempt = 1; !response; attempt++) {
    try {
      response = await send();
    } catch (error) {
      if ((init.method ?? 'GET') !== 'GET' || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<any>;
};

interface Reading {
  readonly atMs: number; readonly step: string | null; readonly secondsLeft: number | null; readonly probed: boolean; readonly ready: boolean;
}

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

/** The timed stages' seconds the pipeline recorded for the run just finished (it records them as the transcript is ready). */
async function recordedStages(before: string): Promise<string> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const samples = (await stageSpeeds.find())?.samples ?? {};
    if (JSON.stringify(samples.Transcription ?? []) === before) continue;
    return TIMED_STAGES.map((stage) => `${stage} ${samples[stage]?.at(-1)?.seconds.toFixed(1) ?? '–'} s`).join(', ');
  }
  return 'stages not recorded';
}
const workDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-bench-estimates-'));
/** The default engine, its progress reports kept with their times (epoch ms) for the pace printed per run. */
let reports: Array<TranscriptionProgress & { atMs: number }> = [];
const engine = await selectEngine({});
const observed: TranscriptionEngine = {
  ...engine,
  transcribe: (wav, options) => engine.transcribe(wav, {
    ...options, onProgress: (progress) => { reports.push({ ...progress, atMs: Date.now() }); options.onProgress?.(progress); },
  }),
};
/**
 * Seconds of speech decoded a second while the speech was being found (the total still moving: progress.ts projects
 * it until the VAD is done) and after, from the engine's first report of speech decoded to its last.
 */
const pace = () => {
  const decoding = reports.filter((r) => r.done > 0);
  const last = reports.at(-1);
  if (!last || decoding.length < 2) return 'pace –';
  const found = reports.find((r, i) => reports.slice(i).every((later) => later.total === r.total)) ?? last;
  const rate = (from: (typeof reports)[number], to: (typeof reports)[number]) =>
    (to.atMs > from.atMs ? ((to.done - from.done) / (to.atMs - from.atMs)) * 1000 : Number.NaN).toFixed(1);
  const first = decoding[0]!;
  return `pace ${found.atMs > first.atMs ? rate(first, found) : '–'} s of speech/s while finding speech, ` +
    `${rate(found.atMs > first.atMs ? found : first, last)} after`;
};
const edition = await startLocalEdition({ dataDir: path.join(workDir, 'data'), port: 0, log: () => {}, transcribeEngine: observed });
// The handlers' own client, loaded once the edition has set the endpoints (as a handler is).
const { documentClient } = await import('../functions/adapters/dynamodb/client.js');
const stageSpeeds = createStageSpeedRecord(documentClient, readConfig(['TABLE_NAME']).TABLE_NAME);
const rows: string[] = [];
const verdicts: string[] = [];
/** Issue 35: the estimate within ±50 % of the actual time left. */
const TARGET_PERCENT = 50;
try {
  const user = await signUpAndSignIn(edition.url, 'bench-estimates@example.com');
  for (const minutes of lengths) {
    const dir = await mkdtemp(path.join(workDir, `rec-${minutes}-`));
    const recording = await buildFixtureRecording(dir, minutes * 60, `bench-${minutes}min`);
    const fileName = path.basename(recording);
    const meeting = await api(`${edition.url}/api/meetings/`, user.access, {
      method: 'POST', body: JSON.stringify({ name: `Estimates bench ${minutes} min` }),
    });
    const target = await api(`${edition.url}/api/meetings/${meeting.id}/video_upload_url/?file_name=${fileName}`, user.access);
    const form = new FormData();
    for (const [k, v] of Object.entries(target.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([await readFile(recording)], { type: target.fields['Content-Type'] }), fileName);
    const loadBefore = load();
    const recordedBefore = JSON.stringify((await stageSpeeds.find())?.samples.Transcription ?? []);
    reports = [];
    const post = await fetch(target.url, { method: 'POST', body: form });
    if (post.status >= 300) throw new Error(`upload answered ${post.status}: ${await post.text()}`);
    const uploaded = Date.now();
    const readings: Reading[] = [];
    for (;;) {
      const view = (await api(`${edition.url}/api/meetings/${meeting.id}/`, user.access)).processing;
      const reading: Reading = {
        atMs: Date.now() - uploaded, step: view?.step ?? null, secondsLeft: view?.seconds_left ?? null,
        probed: view?.duration_seconds != null, ready: view?.transcript === 'ready',
      };
      readings.push(reading);
      if (reading.ready) break;
      if (view?.status === 'failed') throw new Error(`the ${minutes}-minute run failed: ${view.reason}`);
      process.stdout.write(`\r  ${minutes} min: ${(reading.atMs / 1000).toFixed(0)} s ${reading.step ?? 'waiting'} · ${reading.secondsLeft ?? '–'} s left   `);
      await new Promise((r) => setTimeout(r, pollMs));
    }
    process.stdout.write('\n');
    const readyMs = readings.at(-1)!.atMs;
    const estimated = readings.filter((r) => r.secondsLeft !== null);
    const at = (share: number) => estimated.find((r) => r.atMs >= share * readyMs) ?? estimated.at(-1);
    const points: Array<[string, Reading | undefined]> = [['start', estimated.find((r) => r.probed)], ['25 %', at(0.25)], ['50 %', at(0.5)]];
    const checks = points.map(([label, r]) => {
      if (!r) return { label, cell: `${label}: –`, pass: false };
      const actual = (readyMs - r.atMs) / 1000;
      const error = actual > 0 ? Math.round((r.secondsLeft! / actual - 1) * 100) : Number.NaN;
      const pass = Math.abs(error) <= TARGET_PERCENT;
      const signed = `${error >= 0 ? '+' : ''}${error} %`;
      const cell = `${label} (${(r.atMs / 1000).toFixed(0)} s) est ${r.secondsLeft} s vs ${actual.toFixed(0)} s ${signed} ${pass ? 'PASS' : 'FAIL'}`;
      return { label, pass, cell };
    });
    const row = `${String(minutes).padStart(3)} min: upload → transcript ready ${(readyMs / 1000).toFixed(1)} s | ` +
      `${checks.map((c) => c.cell).join(' | ')} | load ${loadBefore} → ${load()}\n` +
      `         recorded: ${await recordedStages(recordedBefore)} | ${pace()}`;
    console.log(row);
    rows.push(row);
    verdicts.push(`${String(minutes).padStart(3)} min: ${checks.every((c) => c.pass) ? 'PASS' : 'FAIL'} (within ±${TARGET_PERCENT} %: ` +
      `${checks.map((c) => `${c.label} ${c.pass ? 'yes' : 'no'}`).join(', ')})`);
  }
  console.log(`\nTime-left estimates vs actual on ${os.availableParallelism()} cores ` +
    '(first reading after the probe, then at 25 % and 50 % of the actual time):');
  for (const row of rows) console.log(row);
  console.log(`\nAgainst the target (the estimate within ±${TARGET_PERCENT} % of the time actually left, at every point):`);
  for (const verdict of verdicts) console.log(verdict);
  console.log(verdicts.every((v) => v.includes(': PASS')) ? 'target met for every recording' : 'target NOT met for every recording');
} finally {
  await edition.stop();
  await engine.close?.();
  await rm(workDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
}
