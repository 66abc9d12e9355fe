import { readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { selectEngine } from '../engines/select.js';
import { listenLocal } from '../http/listen.js';
import type { TranscriptionEngine } from '../engines/types.js';
import { handleOperation, type ApiContext } from './api.js';
import { TranscribeError } from './errors.js';
import { refuseUnsigned, type Credentials } from '../http/aws-auth.js';
import { runJob } from './runner.js';
import { JobStore } from './store.js';

export interface LocalTranscribe { readonly endpoint: string; stop(): Promise<void> }

export interface LocalTranscribeOptions {
  dataDir: string;
  host?: string;
  port?: number;
  /** Jobs transcribed at the same time; default: number of cores. */
  concurrency?: number;
  /** Default: chosen by selectEngine(). */
  engine?: TranscriptionEngine;
  log?: (message: string, extra?: Record<string, unknown>) => void;
  /** This run's key pair: every request must be SigV4-signed with it (local/http/aws-auth.ts). */
  credentials: Credentials;
}

const ACCOUNT_ID = '000000000000';
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Starts a local Amazon Transcribe endpoint (JSON 1.1: StartTranscriptionJob, GetTranscriptionJob,
 * ListTranscriptionJobs, DeleteTranscriptionJob) backed by on-box engines. Jobs run on a bounded queue;
 * records live under `${dataDir}/transcribe/`, and jobs that were queued or running when the process
 * stopped are run again. Media is read from, and transcripts written to, S3 through the SDK's endpoint
 * variables. Throws if the port cannot be bound or the data folder is unusable.
 */
export async function startLocalTranscribe(options: LocalTranscribeOptions): Promise<LocalTranscribe> {
  const log = options.log ?? (() => undefined);
  const root = path.join(options.dataDir, 'transcribe');
  const serviceDir = path.join(root, 'transcripts');
  const store = await JobStore.open(path.join(root, 'jobs'));
  const engine = options.engine ?? (await selectEngine({ log }));
  log('Local Transcribe engine', { engine: engine.name });
  const limit = Math.max(1, options.concurrency ?? os.availableParallelism());
  const queue: string[] = [];
  const running = new Set<Promise<void>>();
  let stopping = false;
  // stop() aborts running jobs rather than waiting for them: they stay IN_PROGRESS on disk and are re-run on the next start.
  const abort = new AbortController();
  let endpoint = '';

  const pump = () => {
    while (!stopping && running.size < limit && queue.length > 0) {
      const name = queue.shift()!;
      const task = runOne(name).finally(() => { running.delete(task); pump(); });
      running.add(task);
    }
  };

  const runOne = async (name: string) => {
    const queued = store.get(name);
    if (!queued) return;
    const job = { ...queued, status: 'IN_PROGRESS' as const, startTime: Date.now() };
    await store.save(job);
    log('Transcription job started', { job: name, engine: engine.name });
    try {
      const outcome = await runJob(job, engine, { accountId: ACCOUNT_ID, serviceDir, serviceUri: (n) => `${endpoint}/transcripts/${encodeURIComponent(n)}.json`,
        signal: abort.signal, onProgress: progressOf(store, name) });
      if (!store.get(name)) return; // deleted while running
      await store.save({ ...job, status: 'COMPLETED', completionTime: Date.now(), transcriptUri: outcome.transcriptUri, engine: engine.name });
      log('Transcription job completed', { job: name, engine: engine.name, words: outcome.words, speakers: outcome.speakers,
        seconds: (Date.now() - job.startTime) / 1000 });
    } catch (error) {
      if (!store.get(name) || abort.signal.aborted) return;
      const reason = (error as Error).message || String(error);
      await store.save({ ...job, status: 'FAILED', completionTime: Date.now(), failureReason: reason, engine: engine.name });
      log('Transcription job failed', { job: name, engine: engine.name, reason });
    }
  };

  const context: ApiContext = {
    store,
    enqueue: (name) => { queue.push(name); pump(); },
    serviceTranscriptUri: (name) => `${endpoint}/transcripts/${encodeURIComponent(name)}.json`,
    deleted: (name) => rm(path.join(serviceDir, `${name}.json`), { force: true }),
  };

  const server = http.createServer((req, res) => {
    respond(context, serviceDir, req, options.credentials).then(
      ({ status, body, type }) => send(res, status, body, type),
      (error: unknown) => {
        const known = error instanceof TranscribeError ? error : new TranscribeError('InternalFailureException', 'Internal failure', 500);
        if (!(error instanceof TranscribeError)) log('Local Transcribe internal error', { error: (error as Error).message });
        send(res, known.status, { __type: known.type, Message: known.message }, 'application/x-amz-json-1.1', known.type);
      },
    );
  });
  const listening = await listenLocal(server, options);
  endpoint = listening.endpoint;
  await requeueUnfinished(context, log);

  return {
    endpoint,
    stop: async () => {
      stopping = true;
      abort.abort();
      await listening.stop();
      await Promise.allSettled([...running]);
      // An engine this endpoint chose is this endpoint's to end; one passed in belongs to the caller.
      if (!options.engine) await engine.close?.();
    },
  };
}

/**
 * The engine's progress kept on the running job's record (in memory), from the first report on, with the time and work
 * done of the first report of some work done (the engine's pace is read from there: core/pipeline/progress-estimate.ts).
 */
function progressOf(store: JobStore, name: string): (progress: { done: number; total: number }) => void {
  let start: { time: number; done: number } | undefined;
  return ({ done, total }) => {
    const job = store.get(name);
    if (job?.status !== 'IN_PROGRESS' || !(total >= 0) || !(done >= 0)) return;
    const now = Date.now();
    if (!start && done > 0) start = { time: now, done };
    store.remember({ ...job, progress: { done, total, startTime: start?.time ?? now, updateTime: now, startDone: start?.done ?? 0 } });
  };
}

/** Jobs interrupted by a stop or crash start over, oldest first. */
async function requeueUnfinished(context: ApiContext, log: (message: string, extra?: Record<string, unknown>) => void): Promise<void> {
  const unfinished = context.store.all().filter((j) => j.status === 'QUEUED' || j.status === 'IN_PROGRESS')
    .sort((a, b) => a.creationTime - b.creationTime);
  for (const job of unfinished) {
    await context.store.save({ ...job, status: 'QUEUED', startTime: undefined });
    context.enqueue(job.name);
  }
  if (unfinished.length) log('Re-running unfinished transcription jobs', { jobs: unfinished.map((j) => j.name) });
}

async function respond(context: ApiContext, serviceDir: string, req: http.IncomingMessage, credentials: Credentials): Promise<{ status: number; body: unknown;
  type: string }> {
  const url = new URL(req.url ?? '/', 'http://local');
  const raw = await readBody(req);
  const refused = refuseUnsigned(req, raw, credentials, 'transcribe');
  if (refused) throw new TranscribeError(refused.type, refused.message, refused.status);
  const transcript = /^\/transcripts\/([^/]+)\.json$/.exec(url.pathname);
  if (req.method === 'GET' && transcript) {
    const name = decodeURIComponent(transcript[1]!);
    if (!context.store.get(name)) throw new TranscribeError('NotFoundException', 'No such transcript', 404);
    const text = await readFile(path.join(serviceDir, `${path.basename(name)}.json`), 'utf8').catch(() => {
      throw new TranscribeError('NotFoundException', 'No such transcript', 404);
    });
    return { status: 200, body: JSON.parse(text), type: 'application/json' };
  }
  const target = req.headers['x-amz-target'];
  if (req.method !== 'POST' || typeof target !== 'string' || !target.startsWith('Transcribe.')) {
    throw new TranscribeError('UnknownOperationException', 'Expected a POST with X-Amz-Target: Transcribe.<Operation>', 404);
  }
  const body = parseBody(raw.toString('utf8'));
  return { status: 200, body: await handleOperation(context, target.slice('Transcribe.'.length), body), type: 'application/x-amz-json-1.1' };
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const value: unknown = text === '' ? {} : JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new TranscribeError('BadRequestException', 'The request body is not a JSON object');
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new TranscribeError('BadRequestException', 'The request body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function send(res: http.ServerResponse, status: number, body: unknown, contentType: string, errorType?: string): void {
  const headers: Record<string, string> = { 'content-type': contentType, 'x-amzn-requestid': crypto.randomUUID() };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(status, headers).end(JSON.stringify(body));
}
