import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { Slide } from '../../../functions/core/chapters/model.js';
import { createApiHandler } from '../../../functions/api/http/router.js';
import { insightsRoutes } from '../../../functions/api/meetings/insights-routes.js';
import { INSIGHTS_MESSAGES } from '../../../functions/contracts/insights.js';
import { createExtractiveNotesEngine } from '../../../functions/core/notes/extractive-engine.js';
import type { MeetingNotes } from '../../../functions/core/notes/model.js';
import { REGENERATE_MESSAGES } from '../../../functions/core/notes/regenerate.js';
import { REGENERATE_LIMITS, REGENERATE_LIMIT_MESSAGES } from '../../../functions/core/notes/regenerate-limit.js';
import type { NotesEngine } from '../../../functions/core/notes/model.js';
import { MemoryLimits } from '../accounts/in-memory.js';
import { fakeAuthenticator, InMemoryMeetings, USERS } from '../meetings/in-memory.js';
import { InMemoryInsights } from './in-memory-insights.js';

const MEETING_ID = 'm-1';
let meetings: InMemoryMeetings;
let insights: InMemoryInsights;
let handler: ReturnType<typeof createApiHandler>;

beforeEach(async () => {
  meetings = new InMemoryMeetings();
  insights = new InMemoryInsights();
  await meetings.create(
    { id: MEETING_ID, name: 'Sync', startTime: null, endTime: null, recordingAvailable: true, boardsShared: 0, createdAt: '2025-01-01T00:00:00Z', hostUserId: USERS.host.userId },
    { id: 'a-1', email: USERS.host.email, name: 'Host', role: 'host' },
  );
  await meetings.addAttendee((await meetings.find(MEETING_ID))!.meeting, { id: 'a-2', email: USERS.participant.email, name: 'P', role: 'participant' });
  handler = createApiHandler(insightsRoutes({ meetings, insights }), { authenticator: fakeAuthenticator, logger: { error: () => undefined } });
});

async function get(path: string, token: string) {
  const event = { httpMethod: 'GET', path, headers: { Authorization: `Bearer ${token}` }, body: null, queryStringParameters: null, requestContext: {} } as unknown as APIGatewayProxyEvent;
  const result = await handler(event, {} as Context);
  return { status: result.statusCode, body: JSON.parse(result.body) };
}

const NOTES: MeetingNotes = {
  notes_id: 'n-1', overview: 'We planned the launch.', summary: ['Launch is in May.'],
  action_items: [{ number: 1, content: 'Send the budget.', timestamp_range: { start_time: 3, end_time: 5 }, id: 'a-1', stored_in_todoist: false, owner: null, due: null }],
  timestamp_ranges: [{ start_time: 0, end_time: 2 }], decisions: [],
};

describe('GET meetings/{id}/sentiments_data/', () => {
  it('answers an empty series with status processing while the stage has not finished', async () => {
    expect(await get(`/api/meetings/${MEETING_ID}/sentiments_data/`, 'host')).toEqual({ status: 200, body: { sentiments_data: [], speakers: [], status: 'processing' } });
  });

  it('answers the series and speaker trends to a participant once ready', async () => {
    const item = { start_time: 1, end_time: 2, sentiment_score: 0.5, sentiment: 'positive' as const, speaker_label: 'spk_0', emotions: ['joy'], content: 'Great.' };
    await insights.saveSentiments(MEETING_ID, { sentiments_data: [item], speakers: [] });
    const { status, body } = await get(`/api/meetings/${MEETING_ID}/sentiments_data/`, 'participant');
    expect(status).toBe(200);
    expect(body).toEqual({ sentiments_data: [item], speakers: [], status: 'ready' });
  });

  it('answers status failed when the sentiment stage failed', async () => {
    await insights.markFailed(MEETING_ID, 'sentiments', 'Comprehend down');
    expect((await get(`/api/meetings/${MEETING_ID}/sentiments_data/`, 'host')).body.status).toBe('failed');
  });

  it('answers 404 to someone the meeting was not shared with', async () => {
    expect((await get(`/api/meetings/${MEETING_ID}/sentiments_data/`, 'stranger')).status).toBe(404);
  });
});

describe('GET meetings/{id}/generated_notes/', () => {
  it('answers 404 with the being-generated message while the notes are generated', async () => {
    expect(await get(`/api/meetings/${MEETING_ID}/generated_notes/`, 'host')).toEqual({ status: 404, body: { detail: INSIGHTS_MESSAGES.notesGenerating } });
  });

  it('answers the notes once ready', async () => {
    await insights.saveNotes(MEETING_ID, NOTES);
    expect(await get(`/api/meetings/${MEETING_ID}/generated_notes`, 'participant')).toEqual({ status: 200, body: NOTES });
  });

  it('answers 409 when generating failed, and keeps ready notes when a later run fails', async () => {
    await insights.markFailed(MEETING_ID, 'notes', 'engine down');
    expect((await get(`/api/meetings/${MEETING_ID}/generated_notes/`, 'host')).status).toBe(409);
    await insights.saveNotes(MEETING_ID, NOTES);
    await insights.markFailed(MEETING_ID, 'notes', 'engine down again');
    expect((await get(`/api/meetings/${MEETING_ID}/generated_notes/`, 'host')).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const event = { httpMethod: 'GET', path: `/api/meetings/${MEETING_ID}/generated_notes/`, headers: {}, body: null, requestContext: {} } as unknown as APIGatewayProxyEvent;
    expect((await handler(event, {} as Context)).statusCode).toBe(401);
  });
});

describe('POST meetings/{id}/regenerate_notes/', () => {
  const TRANSCRIPT = {
    turns: [
      { speakerLabel: 'spk_0', words: "Bob, can you send the budget to finance by Friday?".split(' ').map((text, i) => ({ text, start: i, end: i + 0.5 })) },
      { speakerLabel: 'spk_1', words: "Sure, I'll send the budget tomorrow morning.".split(' ').map((text, i) => ({ text, start: 20 + i, end: 20.5 + i })) },
    ],
  };
  let speakerNames: Record<string, string>;
  let transcriptReady: boolean;
  let slides: Slide[] | undefined;
  let limits: MemoryLimits;
  let now: number;
  let engine: NotesEngine;

  beforeEach(() => {
    speakerNames = { 'Speaker 1': 'Alice', 'Speaker 2': 'Bob' };
    transcriptReady = true;
    slides = undefined;
    limits = new MemoryLimits();
    now = Date.parse('2025-03-06T10:00:00Z');
    engine = createExtractiveNotesEngine();
    const regenerate = {
      limits, clock: () => now,
      meetings, insights,
      transcripts: { findTranscript: async () => (transcriptReady ? { jsonKey: 'artefacts/m-1/transcript.json', speakerNames } : undefined) },
      files: { getText: async () => JSON.stringify(TRANSCRIPT) },
      slides: { findSlides: async () => slides },
      engine: { name: 'switchable', draft: (input: Parameters<NotesEngine['draft']>[0]) => engine.draft(input) },
      newId: (() => { let n = 0; return () => `id-${++n}`; })(),
      log: { error: () => undefined },
    };
    handler = createApiHandler(insightsRoutes({ meetings, insights, pictures: { presignGet: async (key) => `https://media.example.com/${key}` } }, regenerate), { authenticator: fakeAuthenticator, logger: { error: () => undefined } });
  });

  async function post(path: string, token: string) {
    const event = { httpMethod: 'POST', path, headers: { Authorization: `Bearer ${token}` }, body: null, queryStringParameters: null, requestContext: {} } as unknown as APIGatewayProxyEvent;
    const result = await handler(event, {} as Context);
    return { status: result.statusCode, body: JSON.parse(result.body), retryAfter: result.headers?.['retry-after'] };
  }

  describe(`the per-user limit (issue 28): ${REGENERATE_LIMITS.perMeeting} per meeting and ${REGENERATE_LIMITS.perUser} in all per hour`, () => {
    const path = `/api/meetings/${MEETING_ID}/regenerate_notes/`;

    it('answers 429 past the per-meeting limit, however many calls arrive at once, naming when to retry; the notes stay', async () => {
      const answers = await Promise.all(Array.from({ length: 25 }, () => post(path, 'host')));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(REGENERATE_LIMITS.perMeeting);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(25 - REGENERATE_LIMITS.perMeeting);
      expect(refused[0]).toMatchObject({ body: { detail: REGENERATE_LIMIT_MESSAGES.meeting(3600) }, retryAfter: '3600' });
      expect(refused[0].body.detail).toBe('You can regenerate the notes of a meeting at most 10 times an hour. Please try again in 60 minutes.');
      const kept = (await get(`/api/meetings/${MEETING_ID}/generated_notes/`, 'host')).body.notes_id;

      now += 45 * 60_000;
      const later = await post(path, 'host');
      expect(later).toMatchObject({ status: 429, retryAfter: String(15 * 60), body: { detail: expect.stringContaining('Please try again in 15 minutes.') } });
      expect((await get(`/api/meetings/${MEETING_ID}/generated_notes/`, 'host')).body.notes_id).toBe(kept);
      now += 15 * 60_000;
      expect((await post(path, 'host')).status).toBe(200);
    });

    it('answers 429 past the limit over all of a user\'s meetings', async () => {
      const ids = Array.from({ length: 4 }, (_, i) => `m-extra-${i}`);
      for (const id of ids) {
        await meetings.create({ id, name: id, startTime: null, endTime: null, recordingAvailable: true, boardsShared: 0, createdAt: '2025-01-01T00:00:00Z', hostUserId: USERS.host.userId },
          { id: `a-${id}`, email: USERS.host.email, name: 'Host', role: 'host' });
      }
      const statuses: number[] = [];
      for (const id of [MEETING_ID, ...ids]) for (let i = 0; i < REGENERATE_LIMITS.perMeeting; i += 1) statuses.push((await post(`/api/meetings/${id}/regenerate_notes/`, 'host')).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(REGENERATE_LIMITS.perUser);
      const last = await post(`/api/meetings/${ids[3]}/regenerate_notes/`, 'host');
      expect(last).toMatchObject({ status: 429, body: { detail: REGENERATE_LIMIT_MESSAGES.user(3600) } });
    });

    it('does not count a refused caller, a call without a transcript, or a run whose engine failed', async () => {
      for (let i = 0; i < 20; i += 1) expect((await post(path, 'participant')).status).toBe(403);
      transcriptReady = false;
      for (let i = 0; i < 20; i += 1) expect((await post(path, 'host')).status).toBe(409);
      transcriptReady = true;
      engine = { name: 'down', draft: async () => { throw new Error('engine down'); } };
      for (let i = 0; i < 20; i += 1) expect(await post(path, 'host')).toMatchObject({ status: 409, body: { detail: REGENERATE_MESSAGES.failed } });
      engine = createExtractiveNotesEngine();
      for (let i = 0; i < REGENERATE_LIMITS.perMeeting; i += 1) expect((await post(path, 'host')).status).toBe(200);
      expect((await post(path, 'host')).status).toBe(429);
    });
  });

  it('lets the host regenerate the notes with the current speaker names and stores them', async () => {
    await insights.saveNotes(MEETING_ID, NOTES);
    const { status, body } = await post(`/api/meetings/${MEETING_ID}/regenerate_notes/`, 'host');
    expect(status).toBe(200);
    expect(body.overview).toMatch(/^Alice and Bob discussed /);
    expect(body.action_items).toEqual([expect.objectContaining({ number: 1, owner: 'Bob', due: 'Friday', content: 'Bob: send the budget to finance by Friday' })]);
    expect((await get(`/api/meetings/${MEETING_ID}/generated_notes/`, 'participant')).body).toEqual(body);
  });

  it('builds the chapters again with the speakers\' names and the slide on screen, its picture linked', async () => {
    slides = [{ start: 0, end: 30, title: 'Budget', text: 'Budget Q3', imageKey: 'f/00000.jpg', thumbnailKey: 'f/00000.thumb.jpg' }];
    const { body } = await post(`/api/meetings/${MEETING_ID}/regenerate_notes/`, 'host');
    expect(body.chapters).toEqual([{
      title: 'Budget', start_time: 0, end_time: 26.5, turns: [0, 1], speakers: ['Alice', 'Bob'],
      slide: { start_time: 0, end_time: 30, title: 'Budget', thumbnail_url: 'https://media.example.com/f/00000.thumb.jpg' },
    }]);
    expect((await get(`/api/meetings/${MEETING_ID}/generated_notes/`, 'participant')).body).toEqual(body);
  });

  it('answers 403 to a participant and 404 to a stranger, leaving the notes as they were', async () => {
    await insights.saveNotes(MEETING_ID, NOTES);
    expect((await post(`/api/meetings/${MEETING_ID}/regenerate_notes/`, 'participant')).status).toBe(403);
    expect((await post(`/api/meetings/${MEETING_ID}/regenerate_notes/`, 'stranger')).status).toBe(404);
    expect((await get(`/api/meetings/${MEETING_ID}/generated_notes/`, 'host')).body).toEqual(NOTES);
  });

  it('keeps what the host did to the action items: an item marked done with an edited owner keeps its id, a deleted one stays deleted', async () => {
    await insights.saveNotes(MEETING_ID, NOTES);
    const first = (await post(`/api/meetings/${MEETING_ID}/regenerate_notes/`, 'host')).body;
    const item = first.action_items[0];
    await insights.saveNotes(MEETING_ID, { ...first, action_items: [{ ...item, owner: 'Robert', edited: ['owner'], status: 'done', status_changed_at: '2025-03-06T10:00:00.000Z' }] });
    const again = await post(`/api/meetings/${MEETING_ID}/regenerate_notes/`, 'host');
    expect(again.body.action_items).toEqual([expect.objectContaining({ id: item.id, owner: 'Robert', status: 'done', content: item.content })]);
    expect(again.body.notes_id).not.toBe(first.notes_id);

    await insights.saveNotes(MEETING_ID, { ...again.body, action_items: [], deleted_action_items: [{ id: item.id, content: item.content, timestamp_range: item.timestamp_range }] });
    const third = (await post(`/api/meetings/${MEETING_ID}/regenerate_notes/`, 'host')).body;
    expect(third.action_items).toEqual([]);
    expect(third).not.toHaveProperty('deleted_action_items');
    expect((await get(`/api/meetings/${MEETING_ID}/generated_notes/`, 'host')).body).not.toHaveProperty('deleted_action_items');
  });

  it('answers 409 with a reason while there is no transcript', async () => {
    transcriptReady = false;
    expect(await post(`/api/meetings/${MEETING_ID}/regenerate_notes/`, 'host')).toEqual({ status: 409, body: { detail: REGENERATE_MESSAGES.transcriptNotReady } });
  });
});
