import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { documentClient } from '../../functions/adapters/dynamodb/client.js';
import { createTranscripts } from '../../functions/adapters/dynamodb/transcripts-repository.js';
import type { TranscriptDocument } from '../../functions/core/transcripts/turns.js';
import { MAIN_TABLE, MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { invokeLocalLambda } from '../../local/lambda/invoke.js';
import { PROJECT_ROOT, startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { signUpAndSignIn } from '../helpers/users.js';

let edition: LocalEdition;
let dataDir: string;
const tokens: Record<'host' | 'participant' | 'stranger', string> = {} as never;
const email = (role: string) => `${role}@ask.example.com`;
const ids: Record<'pricing' | 'board', string> = {} as never;

async function api(method: string, apiPath: string, token: string, json?: unknown) {
  const response = await fetch(`${edition.url}/api/${apiPath}`, {
    method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
const ask = (token: string, question: string, meeting_id?: string) => api('POST', 'search/ask/', token, { question, meeting_id, max_citations: 10 });
const citedMeetings = (body: { citations: Array<{ meeting_id: string }> }) => new Set(body.citations.map((c) => c.meeting_id));

/** A transcript as BuildTranscript stores it (document in S3, pointer with speaker names in DynamoDB), then the IndexPassages task. */
async function transcribe(meetingId: string, lines: Array<[string, string]>) {
  const turns = lines.map(([label, text], i) => ({
    speaker: `Speaker ${Number(label.slice(4)) + 1}`, speakerLabel: label, start: i * 10, end: i * 10 + 8, text,
    words: text.split(' ').map((w, j) => ({ text: w, start: i * 10 + j * 0.4, end: i * 10 + j * 0.4 + 0.3, confidence: 0.9 })),
  }));
  const speakers = [...new Set(turns.map((t) => t.speaker))];
  const document: TranscriptDocument = { version: 1, meetingId, durationSeconds: lines.length * 10, speakers, turns };
  const jsonKey = `artefacts/${meetingId}/transcript.json`;
  await new S3Client({ forcePathStyle: true }).send(new PutObjectCommand({ Bucket: MEDIA_BUCKET.localName, Key: jsonKey, Body: JSON.stringify(document) }));
  await createTranscripts(documentClient, MAIN_TABLE.localName).saveTranscript(meetingId, {
    jsonKey, textKey: `artefacts/${meetingId}/speaker_labeled_transcript.txt`, speakers,
    // As the pipeline stores them: display label → name (core/transcripts/speaker-names.ts).
    speakerNames: Object.fromEntries(speakers.map((s) => [s, s])), createdAt: new Date().toISOString(),
  });
  return invokeLocalLambda(PROJECT_ROOT, 'functions/pipeline/index-passages/handler.ts', { meetingId }) as Promise<{ passages: number }>;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-ask-'));
  // The local chat-completions server is the language model: with no reply scripted it answers 404, so Ask stays extractive.
  edition = await startLocalEdition({ dataDir, port: 0, waitScale: 0, languageModel: 'local-openai' });
  for (const role of ['host', 'participant', 'stranger'] as const) tokens[role] = (await signUpAndSignIn(edition.url, email(role))).access;
  ids.pricing = (await api('POST', 'meetings/', tokens.host, { name: 'Pricing sync' })).body.id;
  ids.board = (await api('POST', 'meetings/', tokens.stranger, { name: 'Board only' })).body.id;
  await api('POST', 'meetings/attendees/', tokens.host, { meeting_ids: [ids.pricing], attendees: [{ email: email('participant') }], message_string: '' });
  expect(await transcribe(ids.pricing, [
    ['spk_0', 'Good morning, shall we start with the agenda?'], ['spk_1', 'Yes. The vendor quoted twelve euros per remote control.'],
    ['spk_0', 'That price is too high for us.'], ['spk_1', 'We agreed to ask the vendor for a discount.'],
  ])).toEqual({ passages: 1 });
  await transcribe(ids.board, [
    ['spk_0', 'The vendor price for the acquisition is forty million euros.'], ['spk_1', 'Keep the price between us.'],
  ]);
}, 180_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST search/ask/ on the local edition', () => {
  const question = 'What price did the vendor quote?';
  const script = (reply: unknown) => fetch(`${edition.url}/dev/openai/replies`, { method: 'POST', body: JSON.stringify(reply), headers: { 'content-type': 'application/json' } });

  it('answers in generated mode through the OpenAI-compatible language model, and extractively when its answer cites a passage not given', async () => {
    expect((await script({ content: JSON.stringify({ answer: 'The vendor quoted twelve euros per remote control [1].' }) })).status).toBe(200);
    const generated = await api('POST', 'search/ask/', tokens.host, { question, max_citations: 1 });
    expect(generated.body).toMatchObject({ mode: 'generated', answer: 'The vendor quoted twelve euros per remote control [1].', citations: [{ meeting_id: ids.pricing }] });
    const { requests } = await (await fetch(`${edition.url}/dev/openai/`)).json() as { requests: Array<{ messages: Array<{ content: string }>; response_format: unknown }> };
    expect(requests.at(-1)!.messages[1].content).toContain('Speaker 2: Yes. The vendor quoted twelve euros per remote control.');
    expect(requests.at(-1)!.response_format).toMatchObject({ type: 'json_schema' });

    await script({ content: JSON.stringify({ answer: 'Forty million euros [2].' }) });
    const refused = await api('POST', 'search/ask/', tokens.host, { question, max_citations: 1 });
    expect(refused.body).toMatchObject({ mode: 'extractive', answer: expect.stringContaining('The vendor quoted twelve euros per remote control.') });
  }, 60_000);

  it("cites only meetings the caller may read: the host's and the shared one, never a stranger's", async () => {
    const host = await ask(tokens.host, question);
    const participant = await ask(tokens.participant, question);
    const stranger = await ask(tokens.stranger, question);

    expect(host.status).toBe(200);
    expect(citedMeetings(host.body)).toEqual(new Set([ids.pricing]));
    expect(host.body.citations[0]).toMatchObject({ meeting_name: 'Pricing sync', start_time: 0, end_time: 38, speaker: 'Speaker 1', turns: [0, 3] });
    expect(host.body.answer).toContain('The vendor quoted twelve euros per remote control.');
    expect(citedMeetings(participant.body)).toEqual(new Set([ids.pricing]));
    expect(citedMeetings(stranger.body)).toEqual(new Set([ids.board]));
    expect((await ask(tokens.stranger, question, ids.pricing)).status).toBe(404);
  }, 60_000);

  it("names the cited passage's chapter once the meeting's notes have chapters (read per request)", async () => {
    expect((await ask(tokens.host, question)).body.citations[0]).not.toHaveProperty('chapter');
    const notes = await api('POST', `meetings/${ids.pricing}/regenerate_notes/`, tokens.host);
    expect(notes.status).toBe(200);
    expect(notes.body.chapters).toHaveLength(1);

    const cited = (await ask(tokens.host, question)).body.citations[0];

    expect(cited.chapter).toEqual({ title: notes.body.chapters[0].title, start_time: 0 });
  }, 60_000);

  it('finds a renamed speaker by the new name, and stops citing a meeting once its sharing ends or it is deleted', async () => {
    const renamed = await api('PUT', `meetings/${ids.pricing}/update_speaker_names/`, tokens.host, { speakerNames: { 'Speaker 1': 'Dana Whitfield', 'Speaker 2': 'Lee' } });
    expect(renamed.status).toBe(200);
    expect((await ask(tokens.host, 'What did Dana Whitfield say about the price?')).body.citations[0]).toMatchObject({ speaker: 'Dana Whitfield' });

    await api('PUT', 'meetings/delete_attendee/', tokens.host, { meeting_id: ids.pricing, attendee_email: email('participant') });
    expect(citedMeetings((await ask(tokens.participant, question)).body)).toEqual(new Set());

    expect((await api('DELETE', `meetings/${ids.pricing}/`, tokens.host)).status).toBe(204);
    expect((await ask(tokens.host, question)).body.citations).toEqual([]);
    expect(await rm(path.join(dataDir, 'search-index', 'passages', `${ids.pricing}.json`)).catch((e: NodeJS.ErrnoException) => e.code)).toBe('ENOENT');
  }, 60_000);
});
