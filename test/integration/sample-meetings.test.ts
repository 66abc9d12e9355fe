/**
 * The two sample meetings of `npm start` (local/samples): seeded in the background with recordings made
 * at start (espeak-ng speech over ffmpeg slides), processed by the real pipeline, shown read-only to a
 * freshly signed-up user, and not seeded twice after a restart.
 * Needs espeak-ng (apt-get install espeak-ng) and a DejaVu or Liberation font.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ListExecutionsCommand, SFNClient } from '@aws-sdk/client-sfn';
import { SAMPLE_MEETING_IDS } from '../../functions/core/meetings/access.js';
import { MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { PROCESS_MEETING } from '../../lib/definitions/workflows.js';
import { findMediaTools } from '../../local/samples/recording.js';
import { SAMPLE_HOST } from '../../local/samples/seed-samples.js';
import { SAMPLE_MEETINGS } from '../../local/samples/scripts.js';
import { LOCAL_CREDENTIALS, startLocalEdition, type LocalEdition, type LocalEditionOptions } from '../../local/runtime.js';
import { eventually } from '../helpers/eventually.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';

const PROCESSING = 170_000;
const [DEMO, SYNC] = SAMPLE_MEETINGS as [typeof SAMPLE_MEETINGS[0], typeof SAMPLE_MEETINGS[0]];
let dataDir: string;
let edition: LocalEdition;
let user: SignedInUser;
let logs: string[] = [];
let seededAfterMs: number;

const start = (ports: Pick<LocalEditionOptions, 'port' | 'servicePorts'> = { port: 0 }) =>
  startLocalEdition({ dataDir, ...ports, waitScale: 0.2, seedSamples: true, log: (message) => logs.push(message) });
const portOf = (url: string | undefined) => Number(new URL(url!).port);
// Handler modules stay loaded in this process with clients bound to the first endpoints, so a restart reuses every port.
const samePorts = (e: LocalEdition): Pick<LocalEditionOptions, 'port' | 'servicePorts'> => ({
  port: portOf(e.url),
  servicePorts: {
    dynamodb: portOf(e.endpoints.DYNAMODB), s3: portOf(e.endpoints.S3), stepFunctions: portOf(e.endpoints.SFN), mail: portOf(e.endpoints.SESV2),
    secrets: portOf(e.endpoints.SECRETS_MANAGER), textract: portOf(e.endpoints.TEXTRACT), transcribe: portOf(e.endpoints.TRANSCRIBE), comprehend: portOf(e.endpoints.COMPREHEND),
  },
});
const sampleLines = () => logs.filter((line) => line.startsWith('Sample meetings'));

async function api(method: string, apiPath: string, json?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${user.access}` };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${edition.url}/api/${apiPath}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await response.text();
  return { status: response.status, body: (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text };
}

const listedSamples = async () => ((await api('GET', 'meetings/?page_size=100')).body.results as any[]).filter((m) => m.is_sample);

const aws = { region: 'us-east-1', credentials: LOCAL_CREDENTIALS };
const s3 = () => new S3Client({ endpoint: edition.endpoints.S3, forcePathStyle: true, ...aws });
const recordingOf = (id: string) => ({ Bucket: MEDIA_BUCKET.localName, Key: `uploads/${id}/recording.mp4` });

async function restart() {
  const ports = samePorts(edition);
  await edition.stop();
  logs = [];
  edition = await start(ports);
  await eventually(async () => { if (sampleLines().length === 0) throw new Error('no seeding line yet'); }, 60_000, 100);
}

async function executionCount(): Promise<number> {
  const sfn = new SFNClient({ endpoint: edition.endpoints.SFN, ...aws });
  return (await sfn.send(new ListExecutionsCommand({ stateMachineArn: edition.stepFunctions.arnFor(PROCESS_MEETING.id) }))).executions?.length ?? 0;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-samples-'));
  const started = Date.now();
  edition = await start();
  user = await signUpAndSignIn(edition.url, 'newcomer@samples.example.com');
  await eventually(async () => {
    const samples = await listedSamples();
    const settled = samples.filter((m) => m.processing?.status === 'ready' || m.processing?.status === 'failed');
    if (settled.length < 2) throw new Error(`samples not processed yet: ${JSON.stringify(samples.map((m) => m.processing))} ${sampleLines()}`);
  }, PROCESSING, 500);
  seededAfterMs = Date.now() - started;
}, PROCESSING + 30_000);

afterAll(async () => {
  await edition?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// Explicit timeouts (issue #19): on a busy machine a restart takes far longer than jest's 5 s default.
describe('the sample meetings of the local edition', () => {
  it('lists both for a new user as processed, read-only samples of the built-in host', async () => {
    const samples = await listedSamples();

    expect(samples.map((m) => m.id).sort()).toEqual([...SAMPLE_MEETING_IDS].sort());
    for (const meeting of samples) {
      expect(meeting.processing).toMatchObject({ status: 'ready', transcript: 'ready', too_short: false });
      expect(meeting.processing.duration_seconds).toBeGreaterThan(55);
      expect(meeting.recording_available).toBe(true);
      expect(meeting.hosts.map((h: { email: string }) => h.email)).toEqual([SAMPLE_HOST.email]);
    }
    expect(samples.map((m) => m.name).sort()).toEqual([DEMO.name, SYNC.name].sort());
    expect(sampleLines()).toEqual(['Sample meetings: recorded and uploaded 2; processing in the background']);
    console.log(`sample meetings seeded and processed ${Math.round(seededAfterMs / 1000)} s after start`);
  }, 60_000);

  it('refuses a rename of a sample meeting with 403', async () => {
    const answer = await api('PUT', `meetings/${DEMO.id}/`, { name: 'Mine now' });

    expect(answer.status).toBe(403);
    expect((await api('GET', `meetings/${DEMO.id}/`)).body.name).toBe(DEMO.name);
  }, 60_000);

  it('has a speaker-labelled transcript a viewer can download', async () => {
    const answer = await api('GET', `meetings/${SYNC.id}/transcript/`);

    expect(answer.body.status).toBe('ready');
    const text = await (await fetch(answer.body.url)).text();
    expect(text).toMatch(/^\[00:00:\d\d\] Speaker \d+: \w+/);
  }, 60_000);

  it('finds a word of the script by voice search and a slide title by text search', async () => {
    // 'budget' is said three times in the demo script (Whisper tiny.en hears the Klatt voice's "customers" as "customer").
    const spoken = await api('POST', 'search/search_audio/', { query: 'budget', meeting_id: DEMO.id });
    const onScreen = await api('POST', 'search/search_content/', { query: 'roadmap', meeting_id: DEMO.id });

    expect(spoken.body.total_matches).toBeGreaterThan(0);
    expect(spoken.body.matched_data[0].meeting_name).toBe(DEMO.name);
    expect(onScreen.body.total_matches).toBeGreaterThan(0);
  }, 60_000);

  it('seeds nothing again after a restart', async () => {
    const executions = await executionCount();

    await restart();

    expect(sampleLines()).toEqual(['Sample meetings: already seeded']);
    expect((await listedSamples()).map((m) => m.id).sort()).toEqual([...SAMPLE_MEETING_IDS].sort());
    expect(await executionCount()).toBe(executions);
  }, 120_000);

  it('records again a recording missing after a seeding cut short, on the next start', async () => {
    await s3().send(new DeleteObjectCommand(recordingOf(SYNC.id)));

    await restart();

    expect(sampleLines()).toEqual(['Sample meetings: recorded and uploaded 1; processing in the background']);
    expect((await s3().send(new HeadObjectCommand(recordingOf(SYNC.id)))).ContentLength).toBeGreaterThan(0);
    expect((await listedSamples())).toHaveLength(2);
  }, 120_000);

  it('names what to install when espeak-ng is missing', async () => {
    await expect(findMediaTools({ ...process.env, ESPEAK_PATH: '/nonexistent/espeak-ng' })).rejects.toThrow('apt-get install espeak-ng');
  }, 60_000);
});
