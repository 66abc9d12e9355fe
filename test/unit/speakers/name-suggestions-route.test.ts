import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { createApiHandler } from '../../../functions/api/http/router.js';
import { transcriptRoutes } from '../../../functions/api/meetings/transcript-routes.js';
import type { TranscriptPorts } from '../../../functions/core/transcripts/transcript-access.js';
import type { DismissedSuggestion, NameChoicesStore } from '../../../functions/core/speakers/name-choices.js';
import { mergeRecentNames, RECENT_NAMES_MAX } from '../../../functions/core/speakers/name-choices.js';
import { fakeAuthenticator, InMemoryMeetings, USERS } from '../meetings/in-memory.js';

const turn = (speaker: string, start: number, text: string) => ({ speaker, speakerLabel: `spk_${Number(speaker.slice(8)) - 1}`, start, end: start + 2, text, words: [] });
const DOCUMENT = { version: 1, meetingId: 'm-1', durationSeconds: 20, speakers: ['Speaker 1', 'Speaker 2'], turns: [
  turn('Speaker 1', 0, "Hi, I'm Sarah from finance."), turn('Speaker 2', 3, 'The numbers are in.'), turn('Speaker 1', 6, 'Thanks, Priya.'),
] };

/** The name-choices store in memory, as DynamoDB keeps it. */
function inMemoryNameChoices(): NameChoicesStore & { recent: Map<string, readonly string[]>; gone: Map<string, readonly DismissedSuggestion[]> } {
  const recent = new Map<string, readonly string[]>();
  const gone = new Map<string, readonly DismissedSuggestion[]>();
  return {
    recent, gone,
    recentNames: async (userId) => recent.get(userId) ?? [],
    saveRecentNames: async (userId, list) => { recent.set(userId, [...list]); },
    dismissed: async (meetingId) => gone.get(meetingId) ?? [],
    saveDismissed: async (meetingId, list) => { gone.set(meetingId, [...list]); },
  };
}

describe('GET meetings/{id}/speaker_name_suggestions/', () => {
  let handler: ReturnType<typeof createApiHandler>;
  let names: Record<string, string>;
  let choices: ReturnType<typeof inMemoryNameChoices>;

  beforeEach(async () => {
    choices = inMemoryNameChoices();
    names = { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Speaker 2' };
    const meetings = new InMemoryMeetings();
    await meetings.create(
      { id: 'm-1', name: 'Sync', startTime: null, endTime: null, recordingAvailable: true, boardsShared: 0, createdAt: '2025-01-01T00:00:00Z', hostUserId: USERS.host.userId },
      { id: 'a-1', email: USERS.host.email, name: 'Host', role: 'host' },
    );
    await meetings.addAttendee((await meetings.find('m-1'))!.meeting, { id: 'a-2', email: USERS.participant.email, name: 'P', role: 'participant' });
    const ports = {
      meetings,
      transcripts: {
        findTranscript: async () => ({ jsonKey: 'k.json', textKey: 'k.txt', speakerNames: names }), findState: async () => undefined,
        saveSpeakerNames: async (_id: string, next: Record<string, string>) => { names = next; },
      },
      files: { presignGet: async () => '', getText: async () => JSON.stringify(DOCUMENT), putText: async () => undefined },
      clock: () => 0,
      nameChoices: choices,
    } as unknown as TranscriptPorts;
    handler = createApiHandler(transcriptRoutes(ports), { authenticator: fakeAuthenticator, logger: { error: () => undefined } });
  });

  async function call(method: string, path: string, token: string, body?: unknown) {
    const event = {
      httpMethod: method, path: `/api/meetings/m-1/${path}`, headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body), queryStringParameters: null, requestContext: {},
    } as unknown as APIGatewayProxyEvent;
    const result = await handler(event, {} as Context);
    return { status: result.statusCode, body: JSON.parse(result.body) };
  }
  const get = (token: string) => call('GET', 'speaker_name_suggestions/', token);
  const dismiss = (token: string, body: unknown) => call('PUT', 'dismiss_speaker_name_suggestion/', token, body);

  it('answers the host the names said in the meeting, each with its line, and drops a name once the speaker has it', async () => {
    const { status, body } = await get('host');
    expect(status).toBe(200);
    expect(body.suggestions.map((s: { speaker: string; name: string; line: string }) => [s.speaker, s.name, s.line]))
      .toEqual([['Speaker 1', 'Sarah', "Hi, I'm Sarah from finance."], ['Speaker 2', 'Priya', 'Thanks, Priya.']]);
    names = { 'Speaker 1': 'Sarah', 'Speaker 2': 'Speaker 2' };
    expect((await get('host')).body.suggestions.map((s: { name: string }) => s.name)).toEqual(['Priya']);
  });

  it('suggests no name a speaker already carries as part of a longer one', async () => {
    names = { 'Speaker 1': 'Sarah Kim', 'Speaker 2': 'Speaker 2' };

    expect((await get('host')).body.suggestions.map((s: { name: string }) => s.name)).toEqual(['Priya']);
  });

  it('refuses a participant with 403', async () => {
    expect((await get('participant')).status).toBe(403);
  });

  it('hides a dismissed suggestion for this meeting only, and keeps nothing for one that is not shown', async () => {
    const answer = await dismiss('host', { speaker: 'Speaker 2', name: 'priya' });

    expect(answer).toEqual({ status: 200, body: { suggestions: [expect.objectContaining({ speaker: 'Speaker 1', name: 'Sarah' })] } });
    expect((await get('host')).body.suggestions.map((s: { name: string }) => s.name)).toEqual(['Sarah']);
    await dismiss('host', { speaker: 'Speaker 2', name: 'Tom' });
    expect(choices.gone.get('m-1')).toEqual([{ speaker: 'Speaker 2', name: 'priya' }]);
  });

  it('lets only the host dismiss, and answers a missing name with 400', async () => {
    expect((await dismiss('participant', { speaker: 'Speaker 2', name: 'Priya' })).status).toBe(403);
    expect(await dismiss('host', { speaker: 'Speaker 2' })).toEqual({ status: 400, body: { name: ['name is required.'] } });
  });

  it('remembers the names the host types and offers them after the meeting\'s own names', async () => {
    expect((await call('PUT', 'update_speaker_names/', 'host', { speakerNames: { 'Speaker 1': 'Sarah Kim' } })).status).toBe(200);
    expect(choices.recent.get(USERS.host.userId)).toEqual(['Sarah Kim']);
    choices.recent.set(USERS.host.userId, ['Dev', 'Sarah Kim']);

    const { status, body } = await call('GET', 'speaker_name_options/', 'host');

    expect(status).toBe(200);
    expect(body.names).toEqual([
      { name: 'Sarah Kim', source: 'meeting' }, { name: 'Host', source: 'meeting' }, { name: 'P', source: 'meeting' }, { name: 'Dev', source: 'recent' },
    ]);
    expect((await call('GET', 'speaker_name_options/', 'participant')).status).toBe(403);
  });
});

describe('mergeRecentNames', () => {
  it('puts the new names first, once each, without speaker labels, and keeps at most 50', () => {
    const older = Array.from({ length: RECENT_NAMES_MAX }, (_, i) => `Person ${i}`);

    const merged = mergeRecentNames(older, ['Ana', 'person 3', 'Speaker 4', ' ']);

    expect(merged.slice(0, 3)).toEqual(['Ana', 'person 3', 'Person 0']);
    expect(merged).toHaveLength(RECENT_NAMES_MAX);
    expect(merged).not.toContain('Person 3');
  });
});
