/**
 * Stress test of the two native ONNX runtimes in ONE process (issue 36, docs/speech.md "Native runtime"):
 * sherpa-onnx-node (Silero VAD, as the pipeline runs it, in worker threads started and ended per pass) and
 * onnxruntime-node (the rewritten Whisper graph, or any small graph) run inference repeatedly and concurrently, with
 * sessions released and worker threads ended mid-run. Meant to be run under glibc's heap checks:
 *
 *   MALLOC_CHECK_=3 npx tsx scripts/stress-native.ts [--scenario S] [--rounds N] [--model file.onnx]
 *
 * `--no-sherpa` leaves sherpa-onnx out (onnxruntime-node alone).
 * Scenarios (each round starts 2 onnxruntime-node users and 1 sherpa VAD worker at once, then ends them):
 *   restart  — onnxruntime-node sessions in worker threads that end after each round (what pool.ts + lazy.ts did)
 *   terminate — as restart, but the threads are terminated while an inference may be under way
 *   main     — onnxruntime-node sessions in the main thread only (created, run, released each round)
 *   child    — onnxruntime-node sessions in one child process (process isolation); this process loads only sherpa
 * Prints one line per round and `survived N rounds` at the end; a heap corruption aborts the process (exit 134).
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1]! : fallback; };
const scenario = arg('scenario', 'restart');
const rounds = Number(arg('rounds', '20'));
const withSherpa = !args.includes('--no-sherpa');
const require = createRequire(import.meta.url);
const ortPath = require.resolve('onnxruntime-node');
const sherpaPath = require.resolve('sherpa-onnx-node');
const sileroFile = path.resolve('../shared/models/silero-vad/silero_vad.onnx');

function findWhisperGraph(): string {
  const dir = path.join(process.env.MEETSCRIBE_MODELS_DIR ?? path.join(os.homedir(), '.cache/meetscribe/models'));
  const sub = existsSync(dir) ? readdirSync(dir).find((d) => d.startsWith('whisper-tiny-en-native-')) : undefined;
  if (!sub) throw new Error(`no rewritten Whisper graph under ${dir}: run one native transcription first (or pass --model)`);
  return path.join(dir, sub, 'model.onnx');
}
const modelFile = arg('model', '') || findWhisperGraph();

/** Code of an onnxruntime-node user: loads the graph, runs `runs` inferences on 2–6 s of noise, releases it. */
const ORT_USER = `
const ort = require(${JSON.stringify(ortPath)});
async function use(modelFile, runs) {
  const session = await ort.InferenceSession.create(modelFile, { intraOpNumThreads: 1, interOpNumThreads: 1, logSeverityLevel: 3 });
  const int = (v) => new ort.Tensor('int32', Int32Array.of(v), [1]);
  const float = (v) => new ort.Tensor('float32', Float32Array.of(v), [1]);
  for (let i = 0; i < runs; i++) {
    const n = 16000 * (2 + Math.floor(Math.random() * 5));
    const audio = Float32Array.from({ length: n }, () => (Math.random() - 0.5) * 0.1);
    await session.run({ audio_pcm: new ort.Tensor('float32', audio, [1, n]), max_length: int(40), min_length: int(1), num_beams: int(2),
      num_return_sequences: int(1), length_penalty: float(1), repetition_penalty: float(1),
      decoder_input_ids: new ort.Tensor('int32', Int32Array.of(50257, 50363), [1, 2]) });
  }
  await session.release();
}`;

const SHERPA_USER = `
const { Vad } = require(${JSON.stringify(sherpaPath)});
function vadPass(seconds) {
  const vad = new Vad({ sileroVad: { model: ${JSON.stringify(sileroFile)}, threshold: 0.5, minSilenceDuration: 0.3, minSpeechDuration: 0.25, ` +
  `windowSize: 512, maxSpeechDuration: 20 },
    sampleRate: 16000, numThreads: 1, provider: 'cpu', debug: 0 }, 60);
  const samples = Float32Array.from({ length: 16000 * seconds }, (_, i) => Math.sin(i / 8) * (Math.floor(i / 16000) % 2 ? 0.3 : 0.001));
  let found = 0;
  for (let i = 0; i + 512 <= samples.length; i += 512) { vad.acceptWaveform(samples.subarray(i, i + 512)); ` +
  `while (!vad.isEmpty()) { vad.front(false); vad.pop(); found++; } }
  vad.flush();
  return found;
}`;

const ortWorker = () => new Worker(`${ORT_USER}\nconst { parentPort, workerData } = require('node:worker_threads');\n` +
  "use(workerData.modelFile, workerData.runs).then(() => parentPort.postMessage('done'));",
  { eval: true, workerData: { modelFile, runs: 2 } });
const sherpaWorker = () =>
  new Worker(`${SHERPA_USER}\nconst { parentPort } = require('node:worker_threads');\nparentPort.postMessage(vadPass(30));`, { eval: true });
const ended = (w: Worker) => new Promise<number>((resolve) => w.once('exit', resolve));

async function main() {
  // The main thread loads both addons first, as the local edition does (select.ts loads onnxruntime-node at selection).
  if (scenario !== 'child') require(ortPath);
  if (withSherpa) require(sherpaPath);
  const started = Date.now();
  let child: ReturnType<typeof fork> | undefined;
  if (scenario === 'child') {
    const entry = path.join(mkdtempSync(path.join(os.tmpdir(), 'stress-native-')), 'child.cjs');
    writeFileSync(entry, `${ORT_USER}\nprocess.on('message', (m) => use(m.modelFile, m.runs)` +
      ".then(() => process.send('done'), (e) => process.send('error ' + e.message)));");
    child = fork(entry, [], { execArgv: [] });
    child.once('exit', (code, signal) => { console.log(`child process ended (${signal ?? code})`); process.exit(1); });
  }
  const runMain = new Function('require', `${ORT_USER}; return use;`)(require) as (file: string, runs: number) => Promise<void>;
  for (let round = 1; round <= rounds; round++) {
    const work: Promise<unknown>[] = withSherpa ? [ended(sherpaWorker())] : [];
    if (scenario === 'restart') work.push(...[ortWorker(), ortWorker()].map(ended));
    if (scenario === 'terminate') {
      const users = [ortWorker(), ortWorker()];
      setTimeout(() => void users[round % 2]!.terminate(), 200 + Math.random() * 1500);
      work.push(...users.map(ended));
    }
    if (scenario === 'main') work.push(runMain(modelFile, 2), runMain(modelFile, 1));
    if (scenario === 'child') {
      work.push(new Promise((resolve, reject) => {
        child!.once('message', (m) => (m === 'done' ? resolve(m) : reject(new Error(String(m)))));
        child!.send({ modelFile, runs: 2 });
      }));
    }
    await Promise.all(work);
    console.log(`round ${round}/${rounds} (${scenario}) ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  child?.removeAllListeners('exit');
  child?.kill();
  console.log(`survived ${rounds} rounds (${scenario}, MALLOC_CHECK_=${process.env.MALLOC_CHECK_ ?? 'unset'})`);
}

await main();
