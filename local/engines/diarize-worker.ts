/**
 * Worker entry of diarizeInWorker (diarize-in-worker.ts): finds the speech with the silero VAD when a
 * model is given (the energy VAD otherwise, or when silero fails), diarizes workerData and posts the
 * turns or the error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { diarize } from './diarize.js';
import type { DiarizeJob, DiarizeReply } from './diarize-in-worker.js';
import { StoppedError } from './native-stop.js';
import { detectSpeechRegions, type SpeechRegion } from './vad.js';
import type { WithStop } from './worker-thread.js';

const SILERO_RATE = 16_000;
const { audio, options, sileroModel, stop } = workerData as WithStop<DiarizeJob>;
let reply: DiarizeReply;
try {
  let speech: readonly SpeechRegion[] | undefined = options.speech;
  let vadFallback: string | undefined;
  if (sileroModel !== undefined && speech === undefined) {
    try {
      if (audio.sampleRate !== SILERO_RATE) throw new Error(`the silero VAD needs ${SILERO_RATE} Hz audio, got ${audio.sampleRate} Hz`);
      speech = await detectSpeechRegions(audio.samples, sileroModel, { stop });
    } catch (error) {
      if (error instanceof StoppedError) throw error;
      vadFallback = messageOf(error);
    }
  }
  const turns = diarize(audio, { ...options, speech });
  reply = vadFallback === undefined ? { turns } : { turns, vadFallback };
} catch (error) {
  reply = { error: messageOf(error) };
}
parentPort!.postMessage(reply);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
