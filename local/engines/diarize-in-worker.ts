import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { types } from 'node:util';
import type { Audio } from './audio.js';
import type { DiarizationOptions } from './diarize.js';
import type { SpeakerTurn } from './types.js';
import { runWorkerOnce } from './worker-thread.js';

/** What the worker gets (as workerData) and what it answers. */
/** The recording: its samples (handed over), or a 16-bit WAV file the worker reads in windows. */
export type DiarizeSource = Audio | { wavPath: string };
export interface DiarizeJob { source: DiarizeSource; options: DiarizationOptions; sileroModel?: string }
export type DiarizeReply = { turns: SpeakerTurn[]; vadFallback?: string } | { error: string };

export interface DiarizeInWorkerOptions {
  signal?: AbortSignal;
  /**
   * Silero VAD model file: the worker finds the speech regions with it (sherpa-onnx, threshold 0.5)
   * before diarizing. If that fails the worker uses the energy VAD and `onVadFallback` gets the reason.
   */
  sileroModel?: string;
  onVadFallback?: (reason: string) => void;
}

// The entry is this module's sibling with the same extension: .ts under tsx and jest, .js once compiled.
const here = import.meta.url;
const ENTRY = new URL(`./diarize-worker${path.extname(fileURLToPath(here))}`, here);

/**
 * Runs `diarize(audio, options)` in a worker thread, so a long recording does not block the event
 * loop. The samples' buffer is transferred, not copied: afterwards `audio.samples` is detached
 * (empty) in the caller, and the worker lets it go once it has the features. Given `{ wavPath }`
 * instead, the worker reads the file in 60 s blocks and never holds the whole recording.
 * One worker per call, ended when it answers.
 * With `sileroModel` the speech regions come from the silero VAD, inside the worker too.
 * Rejects with a TypeError when `audio.samples` is not a Float32Array, with
 * "Diarization worker failed: …" when diarize throws or the worker dies, and with the signal's reason
 * when `signal` aborts (the worker stops: worker-thread.ts).
 */
export async function diarizeInWorker(audio: DiarizeSource, options: DiarizationOptions, { signal, sileroModel,
  onVadFallback }: DiarizeInWorkerOptions = {}): Promise<SpeakerTurn[]> {
  const fromFile = typeof (audio as { wavPath?: unknown } | undefined)?.wavPath === 'string';
  if (!fromFile && !types.isFloat32Array((audio as Audio | undefined)?.samples)) {
    throw new TypeError('diarizeInWorker needs audio.samples as a Float32Array, or a wavPath');
  }
  if (signal?.aborted) throw signal.reason;
  let job: DiarizeJob = { source: { wavPath: (audio as { wavPath: string }).wavPath }, options, sileroModel };
  let transferList: ArrayBuffer[] = [];
  if (!fromFile) {
    const { samples, sampleRate } = audio as Audio;
    const owned = ownsWholeBuffer(samples) ? samples : samples.slice();
    job = { source: { samples: owned, sampleRate }, options, sileroModel };
    transferList = [owned.buffer as ArrayBuffer];
  }
  const reply = await runWorkerOnce<DiarizeJob, DiarizeReply>(ENTRY, job, 'Diarization', { signal, transferList });
  if ('error' in reply) throw new Error(`Diarization worker failed: ${reply.error}`);
  if (reply.vadFallback !== undefined) onVadFallback?.(reply.vadFallback);
  return reply.turns;
}

/** A view over all of a plain ArrayBuffer can hand that buffer over; any other view is copied first. */
function ownsWholeBuffer(samples: Float32Array): boolean {
  return !types.isSharedArrayBuffer(samples.buffer) && samples.byteOffset === 0 && samples.byteLength === samples.buffer.byteLength;
}
