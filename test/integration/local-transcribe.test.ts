import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  ConflictException, DeleteTranscriptionJobCommand, GetTranscriptionJobCommand, ListTranscriptionJobsCommand,
  NotFoundException, StartTranscriptionJobCommand, TranscribeClient, type TranscriptionJob,
} from '@aws-sdk/client-transcribe';
import { readProgressTag } from '../../functions/core/pipeline/transcription-progress.js';
import { unavailableEngine } from '../../local/engines/select.js';
import type { TranscriptionEngine } from '../../local/engines/types.js';
import { normalizeWords } from '../../local/engines/wer.js';
import { startLocalS3, type LocalS3 } from '../../local/s3/index.js';
import { startLocalTranscribe, type LocalTranscribe } from '../../local/transcribe/index.js';
import type { BucketDefinition } from '../../lib/definitions/resources.js';
import { FIXTURES_DIR as FIXTURES } from '../helpers/shared-data.js';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET: BucketDefinition = { id: 'Media', envVar: 'MEDIA_BUCKET', localName: 'transcribe-test', browserUpload: false, triggers: [] };
const ENV_KEYS = ['AWS_ENDPOINT_URL_S3', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'MEETSCRIBE_MODELS_DIR', 'MEETSCRIBE_MODEL_DOWNLOAD'] as const;

async function waitForEnd(client: TranscribeClient, name: string, timeoutMs = 90_000): Promise<TranscriptionJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { TranscriptionJob: job } = await client.send(new GetTranscriptionJobCommand({ TranscriptionJobName: name }));
    if (job?.TranscriptionJobStatus === 'COMPLETED' || job?.TranscriptionJobStatus === 'FAILED') return job;
    if (Date.now() > deadline) throw new Error(`Job ${name} still ${job?.TranscriptionJobStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const savedEnv: Partial<Record<(typeof ENV_KEYS)[number], string>> = {};
beforeAll(() => {
  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', MEETSCRIBE_MODEL_DOWNLOAD: '0' });
});
afterAll(() => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
});

describe('startLocalTranscribe', () => {
  let dataDir: string;
  let s3Server: LocalS3;
  let s3: S3Client;
  let transcribe: LocalTranscribe;
  let client: TranscribeClient;
  const logs: Array<{ message: string; extra?: Record<string, unknown> }> = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-transcribe-'));
    s3Server = await startLocalS3({ dataDir, buckets: [BUCKET], credentials });
    Object.assign(process.env, { AWS_ENDPOINT_URL_S3: s3Server.endpoint, MEETSCRIBE_MODELS_DIR: path.join(dataDir, 'no-models') });
    s3 = new S3Client({ region: 'us-east-1', endpoint: s3Server.endpoint, credentials, forcePathStyle: true });
    await s3.send(new PutObjectCommand({ Bucket: BUCKET.localName, Key: 'media/jfk.wav', Body: await readFile(path.join(FIXTURES, 'asr', 'jfk.wav')) }));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET.localName, Key: 'media/notes.txt', Body: 'this is not audio at all' }));
    transcribe = await startLocalTranscribe({ dataDir, concurrency: 2, credentials, log: (message, extra) => logs.push({ message, extra }) });
    client = new TranscribeClient({ region: 'us-east-1', endpoint: transcribe.endpoint, credentials });
  }, 30_000);

  afterAll(async () => {
    client?.destroy();
    s3?.destroy();
    await transcribe?.stop();
    await s3Server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('transcribes a WAV from S3 into Transcribe-format JSON in the output bucket', async () => {
    const started = await client.send(new StartTranscriptionJobCommand({
      TranscriptionJobName: 'jfk-1', LanguageCode: 'en-US', MediaFormat: 'wav',
      Media: { MediaFileUri: `s3://${BUCKET.localName}/media/jfk.wav` },
      OutputBucketName: BUCKET.localName, OutputKey: 'transcripts/jfk-1.json',
      Settings: { ShowSpeakerLabels: true, MaxSpeakerLabels: 2 },
    }));
    expect(started.TranscriptionJob?.TranscriptionJobStatus).toMatch(/QUEUED|IN_PROGRESS/);
    expect(started.TranscriptionJob?.CreationTime).toBeInstanceOf(Date);

    const job = await waitForEnd(client, 'jfk-1');

    expect(job).toMatchObject({ TranscriptionJobStatus: 'COMPLETED', LanguageCode: 'en-US' });
    expect(job.CompletionTime!.getTime()).toBeGreaterThanOrEqual(job.StartTime!.getTime());
    expect(job.Transcript?.TranscriptFileUri).toBe(`${s3Server.endpoint}/${BUCKET.localName}/transcripts/jfk-1.json`);
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET.localName, Key: 'transcripts/jfk-1.json' }));
    const output = JSON.parse(await object.Body!.transformToString());
    expect(output).toMatchObject({ jobName: 'jfk-1', accountId: '000000000000', status: 'COMPLETED' });
    const words = output.results.items.filter((i: { type: string }) => i.type === 'pronunciation');
    expect(words[0]).toEqual({
      start_time: expect.stringMatching(/^\d+\.\d{3}$/), end_time: expect.stringMatching(/^\d+\.\d{3}$/),
      alternatives: [{ confidence: expect.any(String), content: expect.any(String) }], type: 'pronunciation', speaker_label: 'spk_0',
    });
    expect(output.results.items.at(-1)).toMatchObject({ type: 'punctuation', alternatives: [{ confidence: '0.0', content: '.' }] });
    expect(output.results.speaker_labels.speakers).toBeGreaterThanOrEqual(1);
    expect(output.results.speaker_labels.segments[0].items[0]).toEqual({ start_time: words[0].start_time, end_time: words[0].end_time, speaker_label: 'spk_0' });
    const reference = normalizeWords(await readFile(path.join(FIXTURES, 'asr', 'jfk.txt'), 'utf8'));
    const heard = new Set(normalizeWords(output.results.transcripts[0].transcript));
    const found = reference.filter((w) => heard.has(w)).length;
    expect(found / reference.length).toBeGreaterThanOrEqual(0.9);
    expect(logs.some((l) => l.message === 'Transcription job completed' && String(l.extra?.engine).startsWith('whisper tiny.en'))).toBe(true);
  }, 120_000);

  it('rejects a second job with the same name with ConflictException', async () => {
    const request = { TranscriptionJobName: 'dup-1', LanguageCode: 'en-US' as const, Media: { MediaFileUri: `s3://${BUCKET.localName}/media/notes.txt` } };
    await client.send(new StartTranscriptionJobCommand(request));

    await expect(client.send(new StartTranscriptionJobCommand(request))).rejects.toBeInstanceOf(ConflictException);
  });

  it('fails a job whose media is not audio, saying why', async () => {
    await client.send(new StartTranscriptionJobCommand({
      TranscriptionJobName: 'not-audio', LanguageCode: 'en-US', Media: { MediaFileUri: `s3://${BUCKET.localName}/media/notes.txt` },
    }));

    const job = await waitForEnd(client, 'not-audio');

    expect(job.TranscriptionJobStatus).toBe('FAILED');
    expect(job.FailureReason).toMatch(/no audio/i);
  });

  it('fails a job whose media object does not exist', async () => {
    await client.send(new StartTranscriptionJobCommand({
      TranscriptionJobName: 'missing-media', LanguageCode: 'en-US', Media: { MediaFileUri: `https://s3.us-east-1.amazonaws.com/${BUCKET.localName}/media/absent.wav` },
    }));

    const job = await waitForEnd(client, 'missing-media');

    expect(job.FailureReason).toMatch(/could not be read from s3:\/\/transcribe-test\/media\/absent\.wav/);
  });

  it('lists jobs by status and deletes them; an unknown job is NotFoundException', async () => {
    await waitForEnd(client, 'dup-1');
    const failed = await client.send(new ListTranscriptionJobsCommand({ Status: 'FAILED' }));
    expect(failed.TranscriptionJobSummaries?.map((j) => j.TranscriptionJobName)).toEqual(expect.arrayContaining(['dup-1', 'not-audio']));
    expect(failed.TranscriptionJobSummaries?.every((j) => j.TranscriptionJobStatus === 'FAILED')).toBe(true);

    await client.send(new DeleteTranscriptionJobCommand({ TranscriptionJobName: 'dup-1' }));

    await expect(client.send(new GetTranscriptionJobCommand({ TranscriptionJobName: 'dup-1' }))).rejects.toBeInstanceOf(NotFoundException);
  });

  it('shows a running job’s engine progress as its meetscribe:progress tag, which the SDK keeps, and drops it once done', async () => {
    // A scripted engine (the port the service runs): it reports, then holds until the test has read the report.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const engine: TranscriptionEngine = {
      name: 'scripted',
      async transcribe(_wav, { onProgress }) {
        onProgress?.({ done: 0, total: 40 });
        onProgress?.({ done: 10, total: 40 });
        onProgress?.({ done: 20, total: 40 });
        await held;
        return { words: [], speakers: 0 };
      },
    };
    const progressDir = await mkdtemp(path.join(os.tmpdir(), 'local-transcribe-progress-'));
    const service = await startLocalTranscribe({ dataDir: progressDir, engine, credentials });
    const progressClient = new TranscribeClient({ region: 'us-east-1', endpoint: service.endpoint, credentials });
    try {
      await progressClient.send(new StartTranscriptionJobCommand({
        TranscriptionJobName: 'progress-1', LanguageCode: 'en-US', Media: { MediaFileUri: `s3://${BUCKET.localName}/media/jfk.wav` },
      }));
      const deadline = Date.now() + 60_000;
      let progress: ReturnType<typeof readProgressTag>;
      while (!progress || progress.done < 20) {
        if (Date.now() > deadline) throw new Error('no progress tag within 60 s');
        const { TranscriptionJob: job } = await progressClient.send(new GetTranscriptionJobCommand({ TranscriptionJobName: 'progress-1' }));
        progress = readProgressTag(job?.Tags);
        if (!progress) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The engine's pace is read from its first report of work done (10 of 40), not from its first report.
      expect(progress).toMatchObject({ done: 20, total: 40, startDone: 10 });
      expect(progress.atMs).toBeGreaterThanOrEqual(progress.startedAtMs);
      release();
      const done = await waitForEnd(progressClient, 'progress-1');
      expect(done.TranscriptionJobStatus).toBe('COMPLETED');
      expect(done.Tags).toBeUndefined();
    } finally {
      release();
      progressClient.destroy();
      await service.stop();
      await rm(progressDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('rejects a request without a media URI with BadRequestException', async () => {
    await expect(client.send(new StartTranscriptionJobCommand({ TranscriptionJobName: 'x', LanguageCode: 'en-US', Media: {} })))
      .rejects.toMatchObject({ name: 'BadRequestException' });
  });
});

describe('startLocalTranscribe after a restart', () => {
  it('re-runs a job that was in progress when the process died, and fails it with instructions when no engine exists', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-transcribe-restart-'));
    const s3Server = await startLocalS3({ dataDir, buckets: [BUCKET], credentials });
    const s3 = new S3Client({ region: 'us-east-1', endpoint: s3Server.endpoint, credentials, forcePathStyle: true });
    process.env.AWS_ENDPOINT_URL_S3 = s3Server.endpoint;
    let transcribe: LocalTranscribe | undefined;
    let client: TranscribeClient | undefined;
    try {
      await s3.send(new PutObjectCommand({ Bucket: BUCKET.localName, Key: 'media/jfk.wav', Body: await readFile(path.join(FIXTURES, 'asr', 'jfk.wav')) }));
      const jobs = path.join(dataDir, 'transcribe', 'jobs');
      await mkdir(jobs, { recursive: true });
      const crashedAt = Date.now() - 4_000;
      await writeFile(path.join(jobs, 'crashed.json'), JSON.stringify({
        name: 'crashed', status: 'IN_PROGRESS', languageCode: 'en-US', mediaUri: `s3://${BUCKET.localName}/media/jfk.wav`,
        showSpeakerLabels: false, creationTime: crashedAt - 1_000, startTime: crashedAt,
      }));

      transcribe = await startLocalTranscribe({ dataDir, engine: unavailableEngine(), credentials });
      client = new TranscribeClient({ region: 'us-east-1', endpoint: transcribe.endpoint, credentials });
      const job = await waitForEnd(client, 'crashed');

      expect(job.TranscriptionJobStatus).toBe('FAILED');
      expect(job.StartTime!.getTime()).toBeGreaterThan(crashedAt);
      expect(job.FailureReason).toContain('apt-get install pocketsphinx pocketsphinx-en-us');
      expect(job.FailureReason).toContain('MEETSCRIBE_MODELS_DIR');
    } finally {
      client?.destroy();
      s3.destroy();
      await transcribe?.stop();
      await s3Server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
