/**
 * Worker entry of diarizeInWorker (diarize-in-worker.ts): finds the speech with the silero VAD when a
 * model is given (the energy VAD otherwise, or when silero fails), diarizes workerData and posts the
 * turns or the error. The samples are let go as soon as the features are computed; given a WAV file
 * instead of samples, both the VAD and the features read it in 60 s blocks (wav-window.ts), so the
 * whole recording is never held.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { diarizeFeatures } from './diarize.js';
import type { DiarizeJob, DiarizeReply } from './diarize-in-worker.js';
import { computeMfcc, computeMfccInBlocks, type Features } from './mfcc.js';
import { StoppedError } from './native-stop.js';
import { detectSpeechRegions, detectSpeechRegionsInWav, type SpeechRegion } from './vad.js';
import { openWav } from './wav-window.js';
import type { WithStop } from './worker-thread.js';

const SILERO_RATE = 16_000;
const job = workerData as WithStop<DiarizeJob>;
const { options, sileroModel, stop } = job;
let reply: DiarizeReply;
try {
  let speech: readonly SpeechRegion[] | undefined = options.speech;
  let vadFallback: string | undefined;
  if (sileroModel !== undefined && speech === undefined) {
    try {
      if ('wavPath' in job.source) speech = await detectSpeechRegionsInWav(job.source.wavPath, sileroModel, { stop });
      else {
        if (job.source.sampleRate !== SILERO_RATE) throw new Error(`the silero VAD needs ${SILERO_RATE} Hz audio, got ${job.source.sampleRate} Hz`);
        speech = await detectSpeechRegions(job.source.samples, sileroModel, { stop });
      }
    } catch (error) {
      if (error instanceof StoppedError) throw error;
      vadFallback = messageOf(error);
    }
  }
  const features = featuresOf(job);
  const turns = diarizeFeatures(features, { ...options, speech });
  reply = vadFallback === undefined ? { turns } : { turns, vadFallback };
} catch (error) {
  reply = { error: messageOf(error) };
}
parentPort!.postMessage(reply);

/** The job's features; its samples, when it has them, are dropped here (nothing else holds them). */
function featuresOf(work: DiarizeJob): Features {
  const { source } = work;
  if (!('wavPath' in source)) {
    const features = computeMfcc(source.samples, { sampleRate: source.sampleRate });
    work.source = { samples: new Float32Array(0), sampleRate: source.sampleRate };
    return features;
  }
  const reader = openWav(source.wavPath);
  try {
    return computeMfccInBlocks(reader.frames, (start, end) => reader.read(start, end), { sampleRate: reader.sampleRate });
  } finally {
    reader.close();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
