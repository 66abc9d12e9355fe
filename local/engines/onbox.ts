import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readWav } from './audio.js';
import { assignSpeakers } from './diarize.js';
import { diarizeInWorker, type DiarizeSource } from './diarize-in-worker.js';
import { ensureModel, modelPresent } from './download.js';
import { modelPath, modelsDir, NEURAL_MODELS } from './models.js';
import { renumber } from './neural.js';
import { recognizeWithPocketsphinx, type PocketsphinxSetup } from './pocketsphinx.js';
import type { SpeakerTurn, TranscriptionEngine } from './types.js';
import type { SpeechRegion } from './vad.js';

export type EngineLog = (message: string, extra?: Record<string, unknown>) => void;

export interface OnboxOptions {
  /**
   * Which detector finds the speech the diarizer works on. Default: MEETSCRIBE_DIARIZATION_VAD, else
   * 'energy' (silero removes the energy VAD's false alarms but raised pooled DER on the development
   * set, see docs/speech.md).
   */
  vad?: 'silero' | 'energy';
  /** Where the silero VAD model is looked for (MEETSCRIBE_MODELS_DIR, see models.ts) and whether it may be downloaded (MEETSCRIBE_MODEL_DOWNLOAD=1). Default:
   * process.env. */
  env?: NodeJS.ProcessEnv;
  /** Default: console.log. */
  log?: EngineLog;
  fetch?: typeof fetch;
}

/** Diarizes one recording (its samples, or its WAV file read in windows) in a worker thread; see createOnboxDiarizer. */
export type OnboxDiarizer = (audio: DiarizeSource, options: { maxSpeakers: number; signal?: AbortSignal; speech?: readonly SpeechRegion[] }) =>
  Promise<SpeakerTurn[]>;

/**
 * The on-box fallback: pocketsphinx for the words (pieces decoded in parallel), the MFCC/GMM
 * diarizer for the speakers (in a worker thread, so the event loop keeps serving meanwhile; speech
 * found by the energy VAD, or by silero when asked for, see createOnboxDiarizer); each word takes the
 * speaker of the turn it falls in.
 */
export function createPocketsphinxEngine(setup: PocketsphinxSetup, options: { concurrency: number } & OnboxOptions): TranscriptionEngine {
  const diarizer = createOnboxDiarizer(options);
  return {
    name: 'pocketsphinx (on-box fallback)',
    async transcribe(wavPath, { maxSpeakers, signal }) {
      const audio = await readWav(wavPath);
      const words = await recognizeWithPocketsphinx(setup, audio, { concurrency: options.concurrency, signal });
      if (words.length === 0) return { words, speakers: 0 };
      if (maxSpeakers <= 1) return { words, speakers: 1 };
      const turns = await diarizer(audio, { maxSpeakers, signal });
      const labelled = assignSpeakers(words, turns);
      return { words: labelled, speakers: renumber(labelled, turns), turns };
    },
  };
}

/**
 * The on-box diarizer: diarizeInWorker with the energy VAD, or, with `vad: 'silero'`, with speech
 * regions from the silero VAD when its model is in the models folder (downloaded there first, through
 * download.ts, when MEETSCRIBE_MODEL_DOWNLOAD=1) and matches the pinned checksum; otherwise, or when
 * silero fails, with the energy VAD. The model is looked up on the first call only, and the fallback
 * is logged once. Rejects as diarizeInWorker does.
 */
export function createOnboxDiarizer(options: OnboxOptions = {}): OnboxDiarizer {
  const env = options.env ?? process.env;
  const vad = options.vad ?? (env.MEETSCRIBE_DIARIZATION_VAD === 'silero' ? 'silero' : 'energy');
  // Speech regions found by the caller (the Whisper engine's Silero pass) are used as they are.
  const given: OnboxDiarizer = (audio, { maxSpeakers, signal, speech }) => diarizeInWorker(audio, { maxSpeakers, speech }, { signal });
  if (vad === 'energy') return (audio, opts) => given(audio, opts);
  const log = options.log ?? ((message, extra) => console.log(message, extra ?? ''));
  let model: Promise<string | undefined> | undefined;
  let warned = false;
  const fallBack = (reason: string) => {
    if (warned) return;
    warned = true;
    log('On-box diarization falls back to the energy VAD', { reason });
  };
  return async (audio, { maxSpeakers, signal, speech }) => {
    if (speech) return given(audio, { maxSpeakers, signal, speech });
    model ??= findSileroModel(env, options.fetch, log).then((found) => {
      if ('problem' in found) fallBack(found.problem);
      else log('On-box diarization finds speech with the silero VAD', { model: found.file });
      return 'file' in found ? found.file : undefined;
    });
    const sileroModel = await model;
    return diarizeInWorker(audio, { maxSpeakers }, { signal, sileroModel, onVadFallback: fallBack });
  };
}

async function findSileroModel(env: NodeJS.ProcessEnv, fetchImpl: typeof fetch | undefined, log: EngineLog): Promise<{ file: string } | { problem: string }> {
  const dir = modelsDir(env);
  const spec = NEURAL_MODELS.vad;
  const file = modelPath(dir, spec, spec.files[0]);
  try {
    if (env.MEETSCRIBE_MODEL_DOWNLOAD === '1') await ensureModel(dir, spec, { progress: (message) => log(`[models] ${message}`), fetch: fetchImpl });
    else if (!(await modelPresent(dir, spec))) return {
      problem: `silero VAD model not found at ${file} (set MEETSCRIBE_MODELS_DIR, or MEETSCRIBE_MODEL_DOWNLOAD=1 to download it)` };
    // onnxruntime can abort the whole process on a damaged model, so only the pinned file is loaded.
    const digest = createHash('sha256').update(await readFile(file)).digest('hex');
    if (digest !== spec.sha256) return { problem: `silero VAD model at ${file} does not match the pinned checksum (got ${digest})` };
    return { file };
  } catch (error) {
    return { problem: `silero VAD model unavailable: ${(error as Error).message}` };
  }
}
