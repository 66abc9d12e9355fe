/**
 * End-to-end pipeline benchmark: builds an N-minute recording from the fixtures (default 60), uploads it through
 * the local edition's API (sign-up, meeting, presigned POST) and prints the wall time per state and in total.
 * With --slides the sound gets a video track of slides (a new one every --slide-seconds, default 10), so frame OCR runs
 * beside transcription, and it prints when the notes were ready against when the frame OCR finished (docs/pipeline.md).
 * With --engines native,wasm the same recording goes through a fresh local edition per Whisper runtime
 * (MEETSCRIBE_WHISPER_RUNTIME), one after the other, each in its own child process of this script (handlers keep their
 * AWS clients at module scope, so a process holds one edition), and the last line compares the first two (docs/speech.md).
 * Usage: npm run bench:pipeline [-- --minutes 60] [--engines native,wasm] [--slides [--slide-seconds 10]] [--keep]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DescribeExecutionCommand, GetExecutionHistoryCommand, ListExecutionsCommand, SFNClient } from '@aws-sdk/client-sfn';
import { PROCESS_MEETING } from '../lib/definitions/workflows.js';
import { startLocalEdition } from '../local/runtime.js';
import { findSlideFont } from '../local/samples/recording.js';
import { signUpAndSignIn } from '../test/helpers/users.js';
import { buildFixtureRecording, ffmpeg } from './lib/fixture-recording.js';
import { startPeakMemory, treeUsage } from './proc-usage.js';
import { FIXTURES_DIR as FIXTURES } from '../test/helpers/shared-data.js';


const { values } = parseArgs({ options: {
  minutes: { type: 'string', default: '60' }, keep: { type: 'boolean', default: false },
  slides: { type: 'boolean', default: false }, 'slide-seconds': { type: 'string', default: '10' },
  engines: { type: 'string' }, recording: { type: 'string' },
} });
const engines = values.engines?.split(',').map((e) => e.trim()).filter(Boolean) ?? [];
for (const e of engines) if (e !== 'native' && e !== 'wasm') throw new Error(`--engines takes native and/or wasm, got "${e}"`);
const minutes = Number(values.minutes);
if (!(minutes > 0)) throw new Error('--minutes must be a positive number');

/** The recording's sound under 1280×720 slides ("Slide N" and ten bullet lines), light and dark alternating, as an H.264/AAC mp4. */
async function addSlides(dir: string, sound: string, seconds: number, every: number): Promise<string> {
  const font = await findSlideFont();
  const draws: string[] = [];
  for (let n = 0, from = 0; from < seconds; n++, from += every) {
    const enable = `enable='between(t,${from},${from + every})'`;
    const [background, text] = n % 2 ? ['0x1e3a5f', 'white'] : ['white', '0x111827'];
    draws.push(`drawbox=x=0:y=0:w=iw:h=ih:color=${background}:t=fill:${enable}`);
    // A text-heavy slide as meetings show them: a title and ten bullet lines.
    const lines = [`Slide ${n + 1}: quarterly review`, ...Array.from({ length: 10 }, (_, b) =>
      `- Item ${b + 1}: revenue line ${n + 1}.${b + 1} grew by ${(n * 7 + b * 3) % 40} percent; owner reports on it next week`)];
    for (const [i, line] of lines.entries()) {
      const file = path.join(dir, `slide-${n}-${i}.txt`);
      await writeFile(file, line);
      draws.push(`drawtext=fontfile='${font}':textfile='${file}':fontsize=${i ? 30 : 56}:fontcolor=${text}`
        + `:x=80:y=${60 + i * 58 + (i ? 30 : 0)}:${enable}`);
    }
  }
  const out = path.join(dir, 'bench-recording.mp4');
  await ffmpeg(['-f', 'lavfi', '-i', `color=c=white:s=1280x720:r=5:d=${seconds}`, '-i', sound, '-filter_complex', `[0:v]${draws.join(',')}[v]`,
    '-map', '[v]', '-map', '1:a', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p',
    '-c:a', 'copy', '-shortest', '-movflags', '+faststart', out]);
  return out;
}

const api = async (url: string, token: string, init: RequestInit = {}) => {
  const response = await fetch(url, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<any>;
};

/** CPU seconds of each runtime's run, as its child printed them. */
const cpuSeconds = new Map<string, number>();

/** Runs this script on `recording` in a child process with the given Whisper runtime; resolves to its upload → ready seconds. */
function processInChild(recording: string, runtime: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = [...process.execArgv, fileURLToPath(import.meta.url), '--minutes', String(minutes), '--recording', recording];
    const child = spawn(process.execPath, args, { env: { ...process.env, MEETSCRIBE_WHISPER_RUNTIME: runtime }, stdio: ['ignore', 'pipe', 'inherit'] });
    let seconds: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      const found = /upload → ready\s+([\d.]+) s/.exec(chunk.toString());
      if (found) seconds = Number(found[1]);
      const cpu = /CPU time, upload → end\s+([\d.]+) s/.exec(chunk.toString());
      if (cpu) cpuSeconds.set(runtime, Number(cpu[1]));
    });
    child.on('close', (code) => (code === 0 && seconds !== undefined ? resolve(seconds) : reject(new Error(`the ${runtime} run ended with code ${code}`))));
  });
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-bench-'));
try {
  let recording = values.recording;
  if (recording === undefined) {
    console.log(`Building a ${minutes}-minute recording from ${FIXTURES} ...`);
    const built = Date.now();
    const sound = await buildFixtureRecording(workDir, minutes * 60);
    recording = values.slides ? await addSlides(workDir, sound, minutes * 60, Number(values['slide-seconds'])) : sound;
    console.log(`  built in ${((Date.now() - built) / 1000).toFixed(1)} s: ${recording}`);
  }
  const totals = new Map<string, number>();
  if (engines.length === 0) await processOnce(recording, path.join(workDir, 'data'));
  for (const runtime of engines) {
    console.log(`\n=== Whisper runtime: ${runtime}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    totals.set(runtime, await processInChild(recording, runtime));
  }
  if (engines.length >= 2) {
    const [a, b] = [totals.get(engines[0]!)!, totals.get(engines[1]!)!];
    console.log(`\n${engines[0]} ${a.toFixed(1)} s, ${engines[1]} ${b.toFixed(1)} s upload → ready`);
    const [ca, cb] = [cpuSeconds.get(engines[0]!), cpuSeconds.get(engines[1]!)];
    if (ca !== undefined && cb !== undefined) {
      console.log(`CPU time: ${engines[0]} ${ca.toFixed(1)} s, ${engines[1]} ${cb.toFixed(1)} s (${(cb / ca).toFixed(1)}× less); `
        + `load average now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    }
    console.log(`${engines[0]} vs ${engines[1]}: ${(b / a).toFixed(1)}× faster (upload → ready)`);
  }
} finally {
  if (!values.keep) await rm(workDir, { recursive: true, force: true });
  else console.log(`kept ${workDir}`);
}

type HistoryEvent = {
  timestamp?: Date; stateEnteredEventDetails?: { name?: string }; stateExitedEventDetails?: { name?: string };
  taskFailedEventDetails?: { error?: string; cause?: string };
};

/** Every event of the execution's history, page after page. */
async function executionHistory(sfn: SFNClient, executionArn: string): Promise<HistoryEvent[]> {
  const events: HistoryEvent[] = [];
  for (let nextToken: string | undefined, first = true; first || nextToken; first = false) {
    const page = await sfn.send(new GetExecutionHistoryCommand({ executionArn, maxResults: 1000, nextToken }));
    events.push(...(page.events ?? []));
    nextToken = page.nextToken;
  }
  return events;
}

/** Time per state, when each state last finished (from `startDate`), the frames read and the task failures by kind. */
function tallyHistory(events: HistoryEvent[], startDate: Date) {
  const perState = new Map<string, number>();
  const entered = new Map<string, number>();
  for (const e of events) {
    const t = e.timestamp!.getTime();
    if (e.stateEnteredEventDetails?.name) entered.set(e.stateEnteredEventDetails.name, t);
    const exited = e.stateExitedEventDetails?.name;
    if (exited && entered.has(exited)) perState.set(exited, (perState.get(exited) ?? 0) + t - entered.get(exited)!);
  }
  // When each state last finished, from the execution's start: notes against frame OCR (the Insights start after BuildTranscript).
  const lastExit = new Map<string, number>();
  for (const e of events) if (e.stateExitedEventDetails?.name) lastExit.set(e.stateExitedEventDetails.name, e.timestamp!.getTime() - startDate.getTime());
  const frameCount = events.filter((e) => e.stateEnteredEventDetails?.name === 'OcrFrame').length;
  const failures = new Map<string, number>();
  for (const e of events) if (e.taskFailedEventDetails) {
    const what = `${e.taskFailedEventDetails.error}: ${(e.taskFailedEventDetails.cause ?? '').slice(0, 200)}`;
    failures.set(what, (failures.get(what) ?? 0) + 1);
  }
  return { perState, lastExit, frameCount, failures };
}

/** Uploads `recording` to a fresh local edition in `dataDir`, prints the wall time per state, and resolves to upload → ready in seconds. */
async function processOnce(recording: string, dataDir: string): Promise<number> {
  let engineName = 'unknown';
  const edition = await startLocalEdition({ dataDir, port: 0, log: (m, e) => {
    if (m === 'Local Transcribe engine' && typeof e?.engine === 'string') engineName = e.engine;
    if (/Transcri|engine|Whisper|onnxruntime/i.test(m)) console.log(`  [local] ${m}`, e ? JSON.stringify(e) : '');
  } });
  try {
    const fileName = path.basename(recording).replace('bench-recording', 'bench');
    const user = await signUpAndSignIn(edition.url, 'bench@example.com');
    const meeting = await api(`${edition.url}/api/meetings/`, user.access, { method: 'POST', body: JSON.stringify({ name: 'Pipeline bench' }) });
    const target = await api(`${edition.url}/api/meetings/${meeting.id}/video_upload_url/?file_name=${fileName}`, user.access);
    const form = new FormData();
    for (const [k, v] of Object.entries(target.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([await readFile(recording)], { type: target.fields['Content-Type'] }), fileName);
    const uploaded = Date.now();
    const cpuAtUpload = await treeUsage();
    const memory = startPeakMemory();
    const post = await fetch(target.url, { method: 'POST', body: form });
    if (post.status >= 300) throw new Error(`upload answered ${post.status}: ${await post.text()}`);
    console.log(`Uploaded in ${((Date.now() - uploaded) / 1000).toFixed(1)} s; processing ...`);

    const sfn = new SFNClient({ endpoint: edition.endpoints.SFN, region: 'us-east-1', credentials: edition.credentials });
    const stateMachineArn = edition.stepFunctions.arnFor(PROCESS_MEETING.id);
    let executionArn: string | undefined;
    for (;;) {
      executionArn ??= (await sfn.send(new ListExecutionsCommand({ stateMachineArn }))).executions?.[0]?.executionArn;
      if (executionArn) {
        const { status } = await sfn.send(new DescribeExecutionCommand({ executionArn }));
        if (status !== 'RUNNING') break;
      }
      const view = await api(`${edition.url}/api/meetings/${meeting.id}/`, user.access);
      process.stdout.write(`\r  ${view.processing?.status ?? 'waiting'} ${view.processing?.step ?? ''} ${view.processing?.percent ?? ''}%   `);
      await new Promise((r) => setTimeout(r, 2000));
    }
    process.stdout.write('\n');

    const { status, startDate, stopDate, error, cause } = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (error) console.log(`  ${error}: ${cause}`);
    const { perState, lastExit, frameCount, failures } = tallyHistory(await executionHistory(sfn, executionArn!), startDate!);
    for (const [what, count] of failures) console.log(`  task failed ×${count}: ${what}`);
    const view = await api(`${edition.url}/api/meetings/${meeting.id}/`, user.access);
    console.log(`\nExecution ${status} for a ${minutes}-minute recording on ${os.availableParallelism()} cores; speech engine: ${engineName}; `
      + `load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (const [name, ms] of perState) console.log(`  ${name.padEnd(22)} ${(ms / 1000).toFixed(1).padStart(8)} s`);
    console.log(`  ${'TOTAL (execution)'.padEnd(22)} ${((stopDate!.getTime() - startDate!.getTime()) / 1000).toFixed(1).padStart(8)} s`);
    console.log(`  ${'upload → ready'.padEnd(22)} ${((stopDate!.getTime() - uploaded) / 1000).toFixed(1).padStart(8)} s`);
    // CPU time of this process and its descendants (the local edition, its worker threads, the native Whisper processes,
    // ffmpeg): on a shared machine the wall time depends on the other load, this much less.
    const cpu = (await treeUsage()).cpuSeconds - cpuAtUpload.cpuSeconds;
    console.log(`  ${'CPU time, upload → end'.padEnd(22)} ${cpu.toFixed(1).padStart(8)} s (this process, its threads and child processes)`);
    console.log(`  ${'peak memory'.padEnd(22)} ${(memory.stop() / 2 ** 20).toFixed(0).padStart(8)} MB (resident, this process and its child processes)`);
    const finishOrder = ['BuildTranscript', 'AnalyseSentiment', 'GenerateNotes', 'DeliverNotes', 'Insights', 'OcrFrames', 'IndexFrames',
      'ProcessMedia', 'Finalize'];
    console.log(`  finished at (s after start): ${finishOrder
      .filter((n) => lastExit.has(n)).map((n) => `${n} ${(lastExit.get(n)! / 1000).toFixed(1)}`).join(' · ')}; ${frameCount} frames read`);
    console.log(`  processing: ${JSON.stringify(view.processing)}`);
    return (stopDate!.getTime() - uploaded) / 1000;
  } finally {
    await edition.stop();
  }
}
