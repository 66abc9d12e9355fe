import { SAMPLE_MEETING_IDS } from '../../../functions/core/meetings/access.js';
import { USERS, world } from './in-memory.js';

type Role = 'host' | 'participant' | 'stranger' | 'anonymous' | 'forged';
const tokenOf = (role: Role) => (role === 'anonymous' ? undefined : role === 'forged' ? 'not-a-token' : role);

/** A meeting hosted by `host`, shared with `participant` and `other`, with an uploaded recording. */
async function sharedMeeting() {
  const w = world();
  const created = await w.call('POST', '/api/meetings/', { token: 'host', body: { name: 'Quarterly review' } });
  const id = created.body.id as string;
  await w.call('POST', '/api/meetings/attendees/', {
    token: 'host', body: { meeting_ids: [id], attendees: [{ email: USERS.participant.email }, { email: 'other@example.com' }], message_string: '' },
  });
  w.storage.objects.set(`uploads/${id}/recording.mp4`, { key: `uploads/${id}/recording.mp4`, etag: 'abc123', size: 10 });
  return { w, id };
}

type Call = [method: string, path: (id: string) => string, body?: (id: string) => unknown];
const ENDPOINTS: Record<string, Call> = {
  'get meeting': ['GET', (id) => `/api/meetings/${id}/`],
  'list filtered to it': ['GET', (id) => `/api/meetings/?meeting_id=${id}`],
  'rename': ['PUT', (id) => `/api/meetings/${id}/`, () => ({ name: 'Renamed' })],
  'delete': ['DELETE', (id) => `/api/meetings/${id}`],
  'upload url': ['GET', (id) => `/api/meetings/${id}/video_upload_url/`],
  'index request': ['GET', (id) => `/api/meetings/${id}/index_meeting_request/`],
  'recording url': ['GET', (id) => `/api/meetings/${id}/video/`],
  'share': ['POST', () => '/api/meetings/attendees/', (id) => ({ meeting_ids: [id], attendees: [{ email: 'new@example.com' }], message_string: 'hi' })],
  'remove attendee': ['PUT', () => '/api/meetings/delete_attendee/', (id) => ({ meeting_id: id, attendee_email: 'other@example.com' })],
};

// endpoint → expected status for host, participant, stranger, anonymous, forged token.
const MATRIX: Array<[string, number, number, number, number, number]> = [
  ['get meeting', 200, 200, 404, 401, 401],
  ['list filtered to it', 200, 200, 404, 401, 401],
  ['rename', 200, 403, 404, 401, 401],
  ['delete', 204, 403, 404, 401, 401],
  ['upload url', 200, 403, 404, 401, 401],
  ['index request', 200, 403, 404, 401, 401],
  ['recording url', 200, 200, 404, 401, 401],
  ['share', 200, 403, 404, 401, 401],
  ['remove attendee', 200, 403, 404, 401, 401],
];
const ROLES: Role[] = ['host', 'participant', 'stranger', 'anonymous', 'forged'];
const rows = MATRIX.flatMap(([endpoint, ...statuses]) => ROLES.map((role, i) => [endpoint, role, statuses[i]] as const));

describe('meeting permissions (spec §6)', () => {
  it.each(rows)('%s as %s answers %i', async (endpoint, role, expected) => {
    const { w, id } = await sharedMeeting();
    const [method, path, body] = ENDPOINTS[endpoint];
    const response = await w.call(method, path(id), { token: tokenOf(role), body: body?.(id) });
    expect(response.status).toBe(expected);
  });

  it('changes nothing when a participant tries to write', async () => {
    const { w, id } = await sharedMeeting();
    await w.call('PUT', `/api/meetings/${id}/`, { token: 'participant', body: { name: 'Hijacked' } });
    await w.call('DELETE', `/api/meetings/${id}/`, { token: 'participant' });
    await w.call('POST', '/api/meetings/attendees/', { token: 'participant', body: { meeting_ids: [id], attendees: [{ email: 'x@example.com' }] } });
    const meeting = (await w.call('GET', `/api/meetings/${id}/`, { token: 'host' })).body;
    expect(meeting.name).toBe('Quarterly review');
    expect(meeting.attendees.map((a: { email: string }) => a.email)).not.toContain('x@example.com');
    expect(w.mails.filter((m) => m.to === 'x@example.com')).toHaveLength(0);
  });

  it('answers 404, not 500, for a meeting id with a malformed %-escape', async () => {
    const { w } = await sharedMeeting();
    expect((await w.call('GET', '/api/meetings/%E0%A4%A/', { token: 'host' })).status).toBe(404);
  });

  it('answers 404 with the same body for a missing meeting and one the caller may not see', async () => {
    const { w, id } = await sharedMeeting();
    const hidden = await w.call('GET', `/api/meetings/${id}/`, { token: 'stranger' });
    const missing = await w.call('GET', '/api/meetings/no-such-meeting/', { token: 'stranger' });
    expect(hidden.body).toEqual(missing.body);
  });
});

describe('sample meetings', () => {
  async function withSample() {
    const w = world();
    const id = SAMPLE_MEETING_IDS[0];
    await w.meetings.create(
      { id, name: 'Sample: product demo', startTime: null, endTime: null, recordingAvailable: true, boardsShared: 0, createdAt: '2024-01-01T00:00:00.000Z', hostUserId: 'seed' },
      { id: 'a-seed', email: USERS.host.email, name: 'Seed', role: 'host' },
    );
    return { w, id };
  }

  it('are readable and listed for every signed-in user', async () => {
    const { w, id } = await withSample();
    const meeting = await w.call('GET', `/api/meetings/${id}/`, { token: 'stranger' });
    const list = await w.call('GET', '/api/meetings/', { token: 'stranger' });
    expect(meeting.status).toBe(200);
    expect(meeting.body.is_sample).toBe(true);
    expect(list.body.results.map((m: { id: string }) => m.id)).toEqual([id]);
  });

  it.each(Object.keys(ENDPOINTS).filter((e) => !['get meeting', 'list filtered to it', 'recording url'].includes(e)))(
    'refuse %s with 403 even for their recorded host', async (endpoint) => {
      const { w, id } = await withSample();
      w.storage.objects.set(`uploads/${id}/recording.mp4`, { key: `uploads/${id}/recording.mp4`, etag: 'e', size: 1 });
      const [method, path, body] = ENDPOINTS[endpoint];
      for (const token of ['host', 'stranger']) {
        const response = await w.call(method, path(id), { token, body: body?.(id) });
        expect(response.status).toBe(403);
      }
      expect((await w.meetings.find(id))?.meeting.name).toBe('Sample: product demo');
    });
});
