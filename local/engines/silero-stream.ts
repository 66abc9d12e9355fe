/**
 * One Silero pass over a recording in a child process (silero-child.ts, onnxruntime-node), its speech probabilities
 * streamed back a block (60 s) at a time, so that the regions for every threshold (silero-segments.ts) are known as
 * the pass goes and the next stage can start on the first ones (docs/speech.md, "One Silero pass").
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SileroChildJob, SileroChildMessage } from './silero-child.js';

// The entry is this module's sibling with the same extension: .ts under tsx and jest, .js once compiled.
const ENTRY = fileURLToPath(new URL(`./silero-child${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** The audio: a 16 kHz WAV file the process reads in blocks, or samples (tests, evaluations) sent to it. */
export type SileroAudio = Float32Array | { wavPath: string };

/**
 * Runs the model at `modelFile` over every whole 512-sample window of 16 kHz `audio`, calling `onBlock` with each
 * block's probabilities in order. Resolves when all are given; rejects when the process cannot load onnxruntime-node
 * or the model, dies, or `signal` aborts (the process is ended: its native state goes with it).
 */
export function streamSileroProbabilities(audio: SileroAudio, modelFile: string, onBlock: (probabilities: Float32Array) => void,
  { signal }: { signal?: AbortSignal } = {}): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const child = fork(ENTRY, [], { execArgv: ENTRY.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [], serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      child.off('message', onMessage);
      finish();
    };
    const onAbort = () => settle(() => { child.kill(); reject(signal!.reason); });
    const onMessage = (message: SileroChildMessage) => {
      if ('probabilities' in message) {
        try {
          onBlock(message.probabilities);
        } catch (error) {
          settle(() => { child.kill(); reject(error); });
        }
      } else if ('done' in message) settle(resolve);
      else settle(() => reject(new Error(`Silero process failed: ${message.error}`)));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', onMessage);
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code, name) => settle(() => reject(new Error(`Silero process ended before answering (${name ?? `code ${code}`})`))));
    const source = audio instanceof Float32Array ? { samples: audio } : { wavPath: audio.wavPath };
    child.send({ modelFile, source } satisfies SileroChildJob);
  });
}
