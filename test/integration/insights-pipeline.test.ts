import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_RECORDING, PROCESS_MEETING } from '../../lib/definitions/workflows.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { eventually } from '../helpers/eventually.js';
import { insightsOnlyMachine, runInsights, type Turn } from './insights-only.js';
import { startFakeBedrock, transcriptReadingModel, type FakeBedrock } from '../helpers/fake-bedrock.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';

/**
 * The real `Insights` state of statemachines/process-meeting.asl.json, run by the local runner with its real
 * task handlers against the local edition (DynamoDB, S3, Comprehend, mail). The transcript BuildTranscript
 * would write is put in S3 first. Comprehend is reached through a switchable front so a scenario can take
 * it down; notes use the Bedrock engine against a fake Converse server so a scenario can make the model fail.
 */
let dataDir: string;
let edition: LocalEdition;
let bedrock: FakeBedrock;
let comprehendFront: http.Server;
let comprehendDown = false;
let modelFails = false;
let host: SignedInUser;
let machineArn: string;
const savedEnv = { ...process.env };

/** Forwards to the local Comprehend, or answers 500 InternalServerException while `comprehendDown`. */
async function startComprehendFront(target: string): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (comprehendDown) {
      res.writeHead(500, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'InternalServerException' })
        .end(JSON.stringify({ __type: 'InternalServerException', Message: 'Comprehend is down' }));
      return;
    }
    // Forwarded with every header as sent (its SigV4 signature included, which the local Comprehend checks).
    const forward = http.request(new URL(target), { method: 'POST', headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.end(Buffer.concat(chunks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const TURNS: readonly Turn[] = [
  ['spk_0', 0.5, 'Welcome everyone. I love how the new release turned out, great work!'],
  ['spk_1', 6, 'Thanks. The login crash on older phones is still terrible and I am worried about it.'],
  ['spk_0', 13, 'Can you send the crash report to the vendor by Friday?'],
  ['spk_1', 18, "Sure, I'll send the report to the vendor tomorrow."],
];

async function api(pathname: string) {
  const response = await fetch(`${edition.url}/api/${pathname}`, { headers: { authorization: `Bearer ${host.access}` } });
  return { status: response.status, body: await response.json() as any };
}

/** Creates a meeting, puts its transcript where BuildTranscript writes it, runs Insights; returns the meeting id and visited states. */
async function processMeeting(name: string): Promise<{ meetingId: string; states: string[] }> {
  const created = await fetch(`${edition.url}/api/meetings/`, { method: 'POST', headers: { authorization: `Bearer ${host.access}`, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  const meetingId = (await created.json() as { id: string }).id;
  if (created.status !== 201) throw new Error(`create meeting answered ${created.status}`);
  return { meetingId, states: await runInsights(machineArn, meetingId, TURNS) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-insights-'));
  bedrock = await startFakeBedrock((request) => (modelFails
    ? { error: 'ModelErrorException', status: 424, message: 'The model failed.' }
    : transcriptReadingModel(request)));
  // Only the Insights machine runs here; the meetings API still wants the processing machine's ARN (never started).
  process.env[PROCESS_MEETING.envVar] = `arn:aws:states:us-east-1:000000000000:stateMachine:${PROCESS_MEETING.localName}`;
  process.env[IMPORT_RECORDING.envVar] = `arn:aws:states:us-east-1:000000000000:stateMachine:${IMPORT_RECORDING.localName}`;
  edition = await startLocalEdition({ dataDir, port: 0, waitScale: 0, stateMachines: [await insightsOnlyMachine(dataDir)] });
  comprehendFront = await startComprehendFront(edition.endpoints.COMPREHEND!);
  // Set before the task handlers load (on the first run), so their clients use the front and the fake model.
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_COMPREHEND: `http://127.0.0.1:${(comprehendFront.address() as AddressInfo).port}`,
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: bedrock.endpoint, NOTES_ENGINE: 'bedrock', BEDROCK_MODEL_ID: 'test.notes-model-v1:0',
  });
  machineArn = process.env.INSIGHTS_ONLY_STATE_MACHINE_ARN!;
  host = await signUpAndSignIn(edition.url, 'insights-host@example.com');
  const settings = await fetch(`${edition.url}/api/users/${host.userId}/user_settings/`, {
    method: 'PUT', headers: { authorization: `Bearer ${host.access}`, 'content-type': 'application/json' }, body: JSON.stringify({ email_notes: true }),
  });
  expect(settings.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await edition?.stop();
  await new Promise((resolve) => comprehendFront?.close(resolve));
  await bedrock?.stop();
  process.env = savedEnv;
  await rm(dataDir, { recursive: true, force: true });
});

describe('Insights state of the processing state machine', () => {
  it('turns a transcript into ready sentiments and notes, and mails the host that the notes are ready', async () => {
    const { meetingId, states } = await processMeeting('Release sync');
    expect(states.sort()).toEqual(['AnalyseSentiment', 'DeliverNotes', 'GenerateNotes']);

    const sentiments = await api(`meetings/${meetingId}/sentiments_data/`);
    expect(sentiments.body.status).toBe('ready');
    const items: Array<{ content: string; sentiment: string; speaker_label: string; start_time: number }> = sentiments.body.sentiments_data;
    expect(items.map((s) => [s.speaker_label, s.start_time])).toEqual([['spk_0', 0.5], ['spk_0', 1.3], ['spk_1', 6], ['spk_1', 6.4], ['spk_0', 13], ['spk_1', 18]]);
    expect(items.find((s) => s.content.startsWith('I love'))!.sentiment).toBe('positive');
    expect(items.find((s) => s.content.startsWith('The login crash'))!.sentiment).toBe('negative');
    expect(sentiments.body.speakers.map((s: any) => s.speaker_label)).toEqual(['spk_0', 'spk_1']);

    const notes = await api(`meetings/${meetingId}/generated_notes/`);
    expect(notes.status).toBe(200);
    expect(notes.body.action_items.map((a: any) => [a.number, a.stored_in_todoist, a.timestamp_range.start_time])).toEqual([[1, false, 13], [2, false, 18]]);
    // A four-line meeting without video is one chapter of every line, its speakers named as the transcript names them.
    expect(notes.body.chapters).toEqual([expect.objectContaining({ start_time: 0, turns: [0, 3], speakers: ['Speaker 1', 'Speaker 2'], slide: null })]);
    expect(notes.body.chapters[0].title).toMatch(/\w/);

    const mail = await eventually(async () => {
      const mails = await (await fetch(`${edition.url}/dev/mailbox.json`)).json() as Array<{ to: string[]; subject: string; text: string }>;
      const found = mails.find((m) => m.subject.startsWith('Your meeting notes are ready'));
      if (!found) throw new Error('no notes mail yet');
      return found;
    });
    expect(mail.text).toContain(`${edition.url}/home/meeting/${meetingId}`);
  }, 60_000);

  it('marks only the sentiments failed when Comprehend fails, and the notes still become ready', async () => {
    comprehendDown = true;
    try {
      const { meetingId, states } = await processMeeting('Comprehend outage');
      expect(states).toContain('MarkSentimentFailed');
      expect((await api(`meetings/${meetingId}/sentiments_data/`)).body).toMatchObject({ status: 'failed', sentiments_data: [] });
      expect((await api(`meetings/${meetingId}/generated_notes/`)).status).toBe(200);
    } finally {
      comprehendDown = false;
    }
  }, 60_000);

  it('marks only the notes failed when the notes engine fails, and the sentiments still become ready', async () => {
    modelFails = true;
    try {
      const { meetingId, states } = await processMeeting('Model outage');
      expect(states).toContain('MarkNotesFailed');
      expect((await api(`meetings/${meetingId}/generated_notes/`)).status).toBe(409);
      expect((await api(`meetings/${meetingId}/sentiments_data/`)).body.status).toBe('ready');
    } finally {
      modelFails = false;
    }
  }, 60_000);
});
