import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { TRANSCRIPT_IMPORT_MAX_BYTES, TRANSCRIPT_IMPORT_MESSAGES } from '../../../../functions/contracts/transcripts.js';
import { createApiHandler } from '../../../../functions/api/http/router.js';
import { transcriptImportRoutes } from '../../../../functions/api/meetings/transcript-import-routes.js';
import type { ProcessingState } from '../../../../functions/core/pipeline/processing-status.js';
import type { TranscriptImportPorts } from '../../../../functions/core/transcripts/import/import-transcript.js';
import { fakeAuthenticator, world } from '../../meetings/in-memory.js';

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\n<v Ann>We ship on Friday.</v>\n\n00:00:03.000 --> 00:00:05.000\n<v Ben>Agreed.</v>\n';

async function setUp() {
  const w = world();
  const { body: meeting } = await w.call('POST', '/api/meetings/', { token: 'host', body: { name: 'Weekly' } });
  await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [meeting.id], attendees: [{ email: 'part@example.com' }], message_string: '' } });
  const files = new Map<string, string>();
  const released: string[] = [];
  let failStart = false;
  const ports: TranscriptImportPorts = {
    meetings: w.meetings, storage: w.storage, clock: () => Date.parse('2026-03-01T10:00:00Z'),
    transcripts: { findTranscript: async () => undefined },
    files: { putText: async (key, text) => { files.set(key, text); } },
    imports: {
      async claimMeetingForImport(id, state: ProcessingState) {
        if (w.meetings.meetings.get(id)!.processing) return false;
        await w.meetings.update(id, { processing: state });
        return true;
      },
      async releaseImport(id) { released.push(id); await w.meetings.update(id, { processing: null }); },
    },
    processing: { start: (name, input) => (failStart ? Promise.reject(new Error('Step Functions is down')) : w.processing.start(name, input)) },
  };
  const handler = createApiHandler(transcriptImportRoutes(ports), { authenticator: fakeAuthenticator, logger: { error: () => undefined } });
  const send = async (token: string, body: string | Buffer, contentType?: string, fileName = 'call.vtt', id = meeting.id as string) => {
    const binary = Buffer.isBuffer(body);
    const event = {
      httpMethod: 'POST', path: `/api/meetings/${id}/transcript_import/`, queryStringParameters: { file_name: fileName },
      headers: { Authorization: `Bearer ${token}`, ...(contentType ? { 'Content-Type': contentType } : {}) },
      body: binary ? body.toString('base64') : body, isBase64Encoded: binary, requestContext: { identity: { sourceIp: '127.0.0.1' } },
    } as unknown as APIGatewayProxyEvent;
    const result = await handler(event, {} as Context);
    return { status: result.statusCode, body: JSON.parse(result.body || 'null') };
  };
  return { w, meetingId: meeting.id as string, files, released, send, failStart: () => { failStart = true; } };
}

describe('POST meetings/{id}/transcript_import/', () => {
  it('stores the parsed transcript where BuildTranscript writes it and starts the transcript branch, answering 202 started', async () => {
    const { w, meetingId, files, send } = await setUp();
    const answer = await send('host', VTT, 'text/vtt');
    expect(answer).toEqual({ status: 202, body: { status: 'started' } });
    const stored = JSON.parse(files.get(`artefacts/${meetingId}/transcript.json`)!);
    expect(stored.importedSpeakerNames).toEqual({ 'Speaker 1': 'Ann', 'Speaker 2': 'Ben' });
    const [[name, input]] = [...w.processing.started];
    expect(name).toMatch(new RegExp(`^${meetingId}-transcript-[0-9a-f]{16}$`));
    expect(input).toEqual({ source: 'transcript', meetingId, importId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(w.meetings.meetings.get(meetingId)!.processing).toMatchObject({ status: 'queued', minutesCharged: 0 });
  });

  it('reads a file sent as binary octet-stream by its name', async () => {
    const { send } = await setUp();
    expect((await send('host', Buffer.from(VTT), 'application/octet-stream', 'call.vtt')).status).toBe(202);
  });

  it('answers a malformed file with 400 naming the line, and stores nothing', async () => {
    const { w, files, send } = await setUp();
    const answer = await send('host', 'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\n<v Ann>ok</v>\n\n00:00:xx --> 00:00:04.000\nbad\n', 'text/vtt');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^Line 6: /);
    expect(files.size).toBe(0);
    expect(w.processing.started.size).toBe(0);
  });

  it('refuses a file over the limit with 413 before reading it', async () => {
    const { files, send } = await setUp();
    const answer = await send('host', 'x'.repeat(TRANSCRIPT_IMPORT_MAX_BYTES + 1), 'text/plain', 'big.txt');
    expect(answer).toEqual({ status: 413, body: { detail: TRANSCRIPT_IMPORT_MESSAGES.tooLarge } });
    expect(files.size).toBe(0);
  });

  it('lets only the host import: a participant gets 403, a stranger 404, even for a bad file', async () => {
    const { send } = await setUp();
    expect((await send('participant', VTT, 'text/vtt')).status).toBe(403);
    expect((await send('stranger', 'garbage', 'text/vtt')).status).toBe(404);
  });

  it('refuses a second import, or one into a meeting with a recording, with 409', async () => {
    const { w, meetingId, send } = await setUp();
    expect((await send('host', VTT, 'text/vtt')).status).toBe(202);
    expect(await send('host', VTT, 'text/vtt')).toEqual({ status: 409, body: { detail: TRANSCRIPT_IMPORT_MESSAGES.alreadyHasRecording } });
    const other = await setUp();
    other.w.storage.objects.set('u', { key: `uploads/${other.meetingId}/recording.mp4`, etag: 'e', size: 1 } as never);
    expect((await other.send('host', VTT, 'text/vtt')).status).toBe(409);
    expect(w.meetings.meetings.get(meetingId)!.processing).toBeTruthy();
  });

  it('answers an empty file, an unknown kind and an image with clear 4xx messages', async () => {
    const { send } = await setUp();
    expect(await send('host', '', 'text/vtt')).toEqual({ status: 400, body: { detail: TRANSCRIPT_IMPORT_MESSAGES.empty } });
    expect(await send('host', Buffer.from([0, 1, 2, 3]), undefined, 'x.bin')).toEqual({ status: 400, body: { detail: TRANSCRIPT_IMPORT_MESSAGES.unknownFormat } });
    expect((await send('host', Buffer.from([0x89, 0x50]), 'image/png', 'x.png')).status).toBe(415);
  });

  it('takes its claim back when processing cannot be started, so the host can try again', async () => {
    const { w, meetingId, released, send, failStart } = await setUp();
    failStart();
    expect((await send('host', VTT, 'text/vtt')).status).toBe(500);
    expect(released).toEqual([meetingId]);
    expect(w.meetings.meetings.get(meetingId)!.processing).toBeNull();
  });
});
