/**
 * Entry of a Silero probability process (silero-stream.ts). onnxruntime-node is loaded only in child processes, never
 * beside sherpa-onnx in the process that runs the API (docs/speech.md, "Process isolation"). Its one message
 * `{ modelFile, source }` is answered with `{ probabilities }` a block at a time (60 s of windows, scored in one run of
 * the rewritten graph, silero-scan-graph.ts), then `{ done: true }`, or `{ error }`; the process then ends.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { sileroScanGraph, SILERO_WINDOW as WINDOW } from './silero-scan-graph.js';
import { openWav } from './wav-window.js';

type Ort = typeof import('onnxruntime-common');

/** Windows a block: 60 s. */
const BLOCK_WINDOWS = 1875;

export interface SileroChildJob { modelFile: string; source: { wavPath: string } | { samples: Float32Array } }
export type SileroChildMessage = { probabilities: Float32Array } | { done: true } | { error: string };

const send = (message: SileroChildMessage) => new Promise<void>((resolve) => {
  if (!process.connected) process.exit(0);
  process.send!(message, undefined, {}, (error) => { if (error) process.exit(0); resolve(); });
});

async function run(job: SileroChildJob): Promise<void> {
  const ort = createRequire(import.meta.url)('onnxruntime-node') as Ort;
  const session = await ort.InferenceSession.create(sileroScanGraph(await readFile(job.modelFile)), {
    intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all', logSeverityLevel: 3,
  });
  const { source } = job;
  const reader = 'wavPath' in source ? openWav(source.wavPath) : undefined;
  try {
    if (reader && reader.sampleRate !== 16_000) throw new Error(`the silero VAD needs 16000 Hz audio, got ${reader.sampleRate} Hz`);
    const frames = reader ? reader.frames : (source as { samples: Float32Array }).samples.length;
    const read = reader ? (start: number, end: number) => reader.read(start, end)
      : (start: number, end: number) => (source as { samples: Float32Array }).samples.subarray(start, end);
    const windows = Math.floor(frames / WINDOW);
    let h = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
    let c = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
    for (let first = 0; first < windows; first += BLOCK_WINDOWS) {
      const count = Math.min(BLOCK_WINDOWS, windows - first);
      const samples = read(first * WINDOW, (first + count) * WINDOW);
      const windowsTensor = new ort.Tensor('float32', samples.subarray(0, count * WINDOW), [count, WINDOW]);
      const out = await session.run({ scan_windows: windowsTensor, initial_h: h, initial_c: c });
      const probabilities = Float32Array.from(out.probabilities!.data as Float32Array);
      h = out.last_h as typeof h;
      c = out.last_c as typeof c;
      await send({ probabilities });
    }
  } finally {
    reader?.close();
    await session.release();
  }
}

process.on('disconnect', () => process.exit(0));
process.once('message', (job: SileroChildJob) => {
  run(job).then(() => send({ done: true }), (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }))
    .finally(() => process.exit(0));
});
