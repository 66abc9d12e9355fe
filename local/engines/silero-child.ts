/**
 * Entry of a Silero probability process (silero-stream.ts). onnxruntime-node is loaded only in child processes, never
 * beside sherpa-onnx in the process that runs the API (docs/speech.md, "Process isolation"). Its one message
 * `{ modelFile, source }` is answered with `{ probabilities }` a block at a time (60 s of windows), then `{ done: true }`,
 * or `{ error }`; the process then ends.
 */
import { createRequire } from 'node:module';
import { openWav } from './wav-window.js';

type Ort = typeof import('onnxruntime-common');

const WINDOW = 512;
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
  const session = await ort.InferenceSession.create(job.modelFile, {
    intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all',
  });
  const { source } = job;
  const reader = 'wavPath' in source ? openWav(source.wavPath) : undefined;
  try {
    if (reader && reader.sampleRate !== 16_000) throw new Error(`the silero VAD needs 16000 Hz audio, got ${reader.sampleRate} Hz`);
    const frames = reader ? reader.frames : (source as { samples: Float32Array }).samples.length;
    const read = reader ? (start: number, end: number) => reader.read(start, end)
      : (start: number, end: number) => (source as { samples: Float32Array }).samples.subarray(start, end);
    const windows = Math.floor(frames / WINDOW);
    const sr = new ort.Tensor('int64', BigInt64Array.from([16_000n]), [1]);
    let h = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
    let c = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
    for (let first = 0; first < windows; first += BLOCK_WINDOWS) {
      const count = Math.min(BLOCK_WINDOWS, windows - first);
      const samples = read(first * WINDOW, (first + count) * WINDOW);
      const probabilities = new Float32Array(count);
      for (let w = 0; w < count; w++) {
        const out = await session.run({ input: new ort.Tensor('float32', samples.subarray(w * WINDOW, (w + 1) * WINDOW), [1, WINDOW]), sr, h, c });
        probabilities[w] = (out.output!.data as Float32Array)[0]!;
        h = out.hn as typeof h;
        c = out.cn as typeof c;
      }
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
