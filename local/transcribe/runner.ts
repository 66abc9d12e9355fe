import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { convertToWav } from '../engines/audio.js';
import type { TranscribeOptions, TranscriptionEngine } from '../engines/types.js';
import { buildTranscribeOutput } from './output.js';
import type { JobRecord } from './store.js';
import { outputKeyFor, parseMediaUri } from './uri.js';

export interface JobOutcome { transcriptUri: string; speakers: number; words: number }

/**
 * Runs one job: fetches the media from S3 (endpoint from AWS_ENDPOINT_URL_S3), converts it to 16 kHz
 * mono WAV, transcribes it and writes the output JSON to the job's bucket (or to `serviceDir`, served by
 * this endpoint). Throws an Error whose message becomes the job's FailureReason.
 */
export async function runJob(job: JobRecord, engine: TranscriptionEngine, options: { accountId: string; serviceDir: string; serviceUri: (name: string) =>
  string; signal?: AbortSignal; onProgress?: TranscribeOptions['onProgress'] }): Promise<JobOutcome> {
  // The local edition always runs in us-east-1; the runtime sets the endpoint and credentials variables.
  const s3 = new S3Client({ forcePathStyle: true, region: process.env.AWS_REGION ?? 'us-east-1' });
  const work = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-transcribe-'));
  try {
    const media = parseMediaUri(job.mediaUri);
    const input = path.join(work, 'media');
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: media.bucket, Key: media.key }));
      await pipeline(object.Body as Readable, createWriteStream(input));
    } catch (error) {
      throw new Error(`The media file could not be read from s3://${media.bucket}/${media.key}: ${(error as Error).name} ${(error as Error).message}`,
        { cause: error });
    }
    const wav = path.join(work, 'audio.wav');
    await convertToWav(input, wav, options.signal);
    const maxSpeakers = job.showSpeakerLabels ? job.maxSpeakerLabels ?? 2 : 1;
    const result = await engine.transcribe(wav, { maxSpeakers, signal: options.signal, onProgress: options.onProgress });
    options.signal?.throwIfAborted();
    const body = JSON.stringify(buildTranscribeOutput(job.name, options.accountId, result, job.showSpeakerLabels));
    let transcriptUri: string;
    if (job.outputBucket) {
      const key = outputKeyFor(job.name, job.outputKey);
      await s3.send(new PutObjectCommand({ Bucket: job.outputBucket, Key: key, Body: body, ContentType: 'application/json' }));
      const endpoint = (process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL ?? 'https://s3.us-east-1.amazonaws.com').replace(/\/$/, '');
      transcriptUri = `${endpoint}/${job.outputBucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
    } else {
      await mkdir(options.serviceDir, { recursive: true });
      await writeFile(path.join(options.serviceDir, `${job.name}.json`), body);
      transcriptUri = options.serviceUri(job.name);
    }
    return { transcriptUri, speakers: result.speakers, words: result.words.length };
  } finally {
    s3.destroy();
    await rm(work, { recursive: true, force: true });
  }
}
