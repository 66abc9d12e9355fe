/** Worker entry of diarizeInWorker (diarize-in-worker.ts): diarizes workerData and posts the turns or the error. */
import { parentPort, workerData } from 'node:worker_threads';
import { diarize } from './diarize.js';
import type { DiarizeJob, DiarizeReply } from './diarize-in-worker.js';

const { audio, options } = workerData as DiarizeJob;
let reply: DiarizeReply;
try {
  reply = { turns: diarize(audio, options) };
} catch (error) {
  reply = { error: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(reply);
