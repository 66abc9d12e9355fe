import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { createApiHandler } from '../../../functions/api/http/router.js';
import { transcriptRoutes } from '../../../functions/api/meetings/transcript-routes.js';
import type { TranscriptPorts } from '../../../functions/core/transcripts/transcript-access.js';
import { fakeAuthenticator, InMemoryMeetings, USERS } from '../meetings/in-memory.js';

const turn = (speaker: string, start: number, text: string) => ({ speaker, speakerLabel: `spk_${Number(speaker.slice(8)) - 1}`, start, end: start + 2, text, words: [] });
const DOCUMENT = { version: 1, meetingId: 'm-1', durationSeconds: 20, speakers: ['Speaker 1', 'Speaker 2'], turns: [
  turn('Speaker 1', 0, "Hi, I'm Sarah from finance."), turn('Speaker 2', 3, 'The numbers are in.'), turn('Speaker 1', 6, 'Thanks, Priya.'),
] };

describe('GET meetings/{id}/speaker_name_suggestions/', () => {
  let handler: ReturnType<typeof createApiHandler>;
  let names: Record<string, string>;

  beforeEach(async () => {
    names = { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Speaker 2' };
    const meetings = new InMemoryMeetings();
    await meetings.create(
      { id: 'm-1', name: 'Sync', startTime: null, endTime: null, recordingAvailable: true, boardsShared: 0, createdAt: '2025-01-01T00:00:00Z', hostUserId: USERS.host.userId },
      { id: 'a-1', email: USERS.host.email, name: 'Host', role: 'host' },
    );
    await meetings.addAttendee((await meetings.find('m-1'))!.meeting, { id: 'a-2', email: USERS.participant.email, name: 'P', role: 'participant' });
    const ports = {
      meetings,
      transcripts: { findTranscript: async () => ({ jsonKey: 'k.json', textKey: 'k.txt', speakerNames: names }), findState: async () => undefined, saveSpeakerNames: async () => undefined },
      files: { presignGet: async () => '', getText: async () => JSON.stringify(DOCUMENT), putText: async () => undefined },
      clock: () => 0,
    } as unknown as TranscriptPorts;
    handler = createApiHandler(transcriptRoutes(ports), { authenticator: fakeAuthenticator, logger: { error: () => undefined } });
  });

  async function get(token: string) {
    const event = { httpMethod: 'GET', path: '/api/meetings/m-1/speaker_name_suggestions/', headers: { Authorization: `Bearer ${token}` }, body: null, queryStringParameters: null, requestContext: {} } as unknown as APIGatewayProxyEvent;
    const result = await handler(event, {} as Context);
    return { status: result.statusCode, body: JSON.parse(result.body) };
  }

  it('answers the host the names said in the meeting, each with its line, and drops a name once the speaker has it', async () => {
    const { status, body } = await get('host');
    expect(status).toBe(200);
    expect(body.suggestions.map((s: { speaker: string; name: string; line: string }) => [s.speaker, s.name, s.line]))
      .toEqual([['Speaker 1', 'Sarah', "Hi, I'm Sarah from finance."], ['Speaker 2', 'Priya', 'Thanks, Priya.']]);
    names = { 'Speaker 1': 'Sarah', 'Speaker 2': 'Speaker 2' };
    expect((await get('host')).body.suggestions.map((s: { name: string }) => s.name)).toEqual(['Priya']);
  });

  it('refuses a participant with 403', async () => {
    expect((await get('participant')).status).toBe(403);
  });
});
