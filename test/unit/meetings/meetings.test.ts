import { S3Client } from '@aws-sdk/client-s3';
import type { UsersRepository } from '../../../functions/core/accounts/ports.js';
import { ACCOUNT_NAME_CACHE_MS, createAccountNames } from '../../../functions/wiring/accounts.js';
import { createRecordingStorage } from '../../../functions/adapters/storage/s3-recordings.js';
import {
  arrivedUploadName, attachmentDisposition, FILE_NAME_METADATA, fileNameMetadata, recordingFileName, uploadedFileName,
} from '../../../functions/core/meetings/download-name.js';
import { MAX_UPLOAD_BYTES, MEETING_MESSAGES, MEETING_NAME_MAX } from '../../../functions/contracts/meetings.js';
import { USERS, world } from './in-memory.js';

async function createMeetings(w: ReturnType<typeof world>, count: number, token = 'host') {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    ids.push((await w.call('POST', '/api/meetings/', { token, body: { name: `Meeting ${i}` } })).body.id);
    w.tick(1000);
  }
  return ids;
}

describe('createMeeting', () => {
  it('answers 201 with the meeting in session and the caller as its only host', async () => {
    const w = world();
    const response = await w.call('POST', '/api/meetings/', { token: 'host', body: { name: '  Video  Upload: Failed ' } });
    expect(response.status).toBe(201);
    const host = { id: expect.any(String), name: 'Hana Host', role: 'host', email: USERS.host.email, emails: { id: expect.any(String), email: USERS.host.email } };
    expect(response.body).toEqual({
      id: expect.any(String), name: 'Video  Upload: Failed', start_time: '2025-03-01T10:00:00.000Z', end_time: null,
      attendee_count: 1, boards_shared: 0, recording_available: false, attendees: [host], hosts: [host], is_sample: false,
    });
  });

  it.each([
    [{}, 'name'], [{ name: '   ' }, 'name'], [{ name: 'x'.repeat(201) }, 'name'], [{ name: 42 }, 'name'],
  ])('rejects %j with a field message', async (body, field) => {
    const w = world();
    const response = await w.call('POST', '/api/meetings/', { token: 'host', body });
    expect(response.status).toBe(400);
    expect(response.body[field][0]).toEqual(expect.any(String));
  });
});

describe('listMeetings', () => {
  it('pages the caller\'s meetings newest first, 9 a page, with the total count', async () => {
    const w = world();
    const ids = await createMeetings(w, 11);
    const first = await w.call('GET', '/api/meetings/', { token: 'host', query: { page: '1' } });
    const second = await w.call('GET', '/api/meetings/', { token: 'host', query: { page: '2', page_size: '9' } });
    expect(first.body.count).toBe(11);
    expect(first.body.results.map((m: { id: string }) => m.id)).toEqual([...ids].reverse().slice(0, 9));
    expect(second.body.results.map((m: { id: string }) => m.id)).toEqual([ids[1], ids[0]]);
  });

  it('lists meetings shared with the caller\'s e-mail and not others', async () => {
    const w = world();
    const [shared, notShared] = await createMeetings(w, 2);
    await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [shared], attendees: [{ email: 'PART@example.com' }] } });
    const list = await w.call('GET', '/api/meetings/', { token: 'participant' });
    expect(list.body).toMatchObject({ count: 1, results: [{ id: shared, attendee_count: 2 }] });
    expect(list.body.results[0].id).not.toBe(notShared);
  });

  it('answers an empty page past the end and 400 for a page that is not a positive number', async () => {
    const w = world();
    await createMeetings(w, 2);
    expect((await w.call('GET', '/api/meetings/', { token: 'host', query: { page: '5' } })).body).toEqual({ count: 2, results: [] });
    for (const page of ['0', 'abc', '-1', '1.5']) {
      expect((await w.call('GET', '/api/meetings/', { token: 'host', query: { page } })).status).toBe(400);
    }
    expect((await w.call('GET', '/api/meetings/', { token: 'host', query: { page_size: '1000' } })).status).toBe(400);
  });
});

describe('updateMeeting', () => {
  it('applies the upload flow\'s update: name, recording flag, start and end', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    const response = await w.call('PUT', `/api/meetings/${id}/`, { token: 'host', body: {
      name: 'Board call', recording_available: true, start_time: '2025-02-01T09:00:00Z', end_time: '2025-02-01T09:45:00.000Z',
    } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Board call', recording_available: true, start_time: '2025-02-01T09:00:00.000Z', end_time: '2025-02-01T09:45:00.000Z' });
  });

  it('rejects an end before the start, also against the stored start', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    const direct = await w.call('PUT', `/api/meetings/${id}/`, { token: 'host', body: { start_time: '2025-02-01T10:00:00Z', end_time: '2025-02-01T09:00:00Z' } });
    const stored = await w.call('PUT', `/api/meetings/${id}/`, { token: 'host', body: { end_time: '2020-01-01T00:00:00Z' } });
    expect(direct.body).toEqual({ end_time: [MEETING_MESSAGES.endBeforeStart] });
    expect(stored.status).toBe(400);
  });

  it.each([{ name: '' }, { start_time: 'yesterday' }, { recording_available: 'maybe' }, { end_time: 12 }])('rejects %j', async (body) => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    expect((await w.call('PUT', `/api/meetings/${id}/`, { token: 'host', body })).status).toBe(400);
  });
});

describe('deleteMeeting', () => {
  it('removes the meeting, its access entries and its objects; a repeat answers 404', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [id], attendees: [{ email: USERS.participant.email }] } });
    w.storage.objects.set(`uploads/${id}/recording.mp4`, { key: `uploads/${id}/recording.mp4`, etag: 'e', size: 1 });
    w.storage.objects.set(`artefacts/${id}/transcript.json`, { key: `artefacts/${id}/transcript.json`, etag: 'e', size: 1 });
    expect((await w.call('DELETE', `/api/meetings/${id}`, { token: 'host' })).status).toBe(204);
    expect(w.storage.objects.size).toBe(0);
    expect((await w.call('GET', '/api/meetings/', { token: 'participant' })).body.count).toBe(0);
    expect((await w.call('DELETE', `/api/meetings/${id}`, { token: 'host' })).status).toBe(404);
  });
});

describe('shareMeetings', () => {
  it('is no mail relay: 10 parallel calls of 50 addresses send at most 100 mails, then 429 (issue #19)', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    const calls = Array.from({ length: 10 }, (_, c) => w.call('POST', '/api/meetings/attendees/', { token: 'host', body: {
      meeting_ids: [id], attendees: Array.from({ length: 50 }, (_, i) => ({ email: `r${c}-${i}@example.com` })), message_string: 'x'.repeat(2000),
    } }));
    const answers = await Promise.all(calls);
    expect(w.mails.length).toBeLessThanOrEqual(100);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(8);
    expect(answers.find((a) => a.status === 429)!.body).toEqual({ detail: expect.stringContaining('at most 100 invitations an hour') });
  });

  it('mails one address at most 5 invitations a day, still granting access past that (issue #19)', async () => {
    const w = world();
    const ids = await createMeetings(w, 7);
    for (const id of ids) {
      expect((await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [id], attendees: [{ email: 'victim@example.com' }] } })).status).toBe(200);
    }
    expect(w.mails.filter((m) => m.to === 'victim@example.com')).toHaveLength(5);
    const last = (await w.call('GET', `/api/meetings/${ids[6]}/`, { token: 'host' })).body;
    expect(last.attendees.map((a: { email: string }) => a.email)).toContain('victim@example.com');
  });

  it('adds each address once, keeps the host a host, and mails each recipient the links and message', async () => {
    const w = world();
    const ids = await createMeetings(w, 2);
    const body = { meeting_ids: ids, attendees: [{ email: 'a@example.com', name: 'Ann' }, { email: 'A@example.com' }, { email: USERS.host.email }], message_string: 'Please review' };
    const first = await w.call('POST', '/api/meetings/attendees/', { token: 'host', body });
    await w.call('POST', '/api/meetings/attendees/', { token: 'host', body });
    const meeting = (await w.call('GET', `/api/meetings/${ids[0]}/`, { token: 'host' })).body;
    expect(first.body).toEqual({ meeting_ids: ids, attendees: ['a@example.com', USERS.host.email] });
    expect(meeting.attendees.map((a: { email: string; role: string; name: string }) => [a.email, a.role, a.name]))
      .toEqual([[USERS.host.email, 'host', 'Hana Host'], ['a@example.com', 'participant', 'Ann']]);
    expect(w.mails.map((m) => m.to)).toEqual(['a@example.com', 'a@example.com']);
    expect(w.mails[0].text).toContain('Please review');
    for (const id of ids) expect(w.mails[0].text).toContain(`https://app.example.com/home/meeting/${id}`);
  });

  it('changes nothing when the caller is not host of every listed meeting', async () => {
    const w = world();
    const [mine] = await createMeetings(w, 1);
    const [theirs] = await createMeetings(w, 1, 'participant');
    await w.call('POST', '/api/meetings/attendees/', { token: 'participant', body: { meeting_ids: [theirs], attendees: [{ email: USERS.host.email }] } });
    const mailsBefore = w.mails.length;
    const response = await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [mine, theirs], attendees: [{ email: 'z@example.com' }] } });
    expect(response.status).toBe(403);
    expect((await w.call('GET', `/api/meetings/${mine}/`, { token: 'host' })).body.attendee_count).toBe(1);
    expect(w.mails.length).toBe(mailsBefore);
  });

  it.each([
    [{ attendees: [] }, 'attendees', MEETING_MESSAGES.noEmail],
    [{ attendees: [{ email: 'not an email' }] }, 'attendees.0.email', MEETING_MESSAGES.invalidEmail],
    [{ attendees: [{ email: 'a@example.com' }], message_string: 'x'.repeat(2001) }, 'message_string', MEETING_MESSAGES.messageTooLong],
    [{ attendees: Array.from({ length: 51 }, (_, i) => ({ email: `p${i}@example.com` })) }, 'attendees', MEETING_MESSAGES.tooManyEmails],
  ])('rejects %#: %s', async (overrides, field, message) => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    const response = await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [id], message_string: '', ...overrides } });
    expect(response.status).toBe(400);
    expect(response.body[field]).toContain(message);
  });

  it('answers 503 naming the addresses whose invitation failed, keeps the access it granted, and can be repeated', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    w.undeliverable.add('b@example.com');
    const body = { meeting_ids: [id], attendees: [{ email: 'a@example.com' }, { email: 'b@example.com' }], message_string: '' };
    const failed = await w.call('POST', '/api/meetings/attendees/', { token: 'host', body });
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ detail: 'The meeting was shared, but the invitation e-mail could not be sent to b@example.com. Please try again later.' });
    expect((await w.call('GET', `/api/meetings/${id}/`, { token: 'host' })).body.attendees.map((a: { email: string }) => a.email))
      .toEqual([USERS.host.email, 'a@example.com', 'b@example.com']);
    expect(w.mails.map((m) => m.to)).toEqual(['a@example.com']);
    w.undeliverable.clear();
    const again = await w.call('POST', '/api/meetings/attendees/', { token: 'host', body });
    expect(again.status).toBe(200);
    expect(w.mails.map((m) => m.to)).toEqual(['a@example.com', 'a@example.com', 'b@example.com']);
  });

  it('accepts a message of exactly 2000 characters', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    const response = await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [id], attendees: [{ email: 'a@example.com' }], message_string: 'x'.repeat(2000) } });
    expect(response.status).toBe(200);
  });
});

describe('removeAttendee', () => {
  it('removes a participant and answers the updated meeting; the host cannot be removed', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [id], attendees: [{ email: USERS.participant.email }] } });
    const removed = await w.call('PUT', '/api/meetings/delete_attendee/', { token: 'host', body: { meeting_id: id, attendee_email: USERS.participant.email } });
    const host = await w.call('PUT', '/api/meetings/delete_attendee/', { token: 'host', body: { meeting_id: id, attendee_email: USERS.host.email } });
    expect(removed.body.meeting_data).toMatchObject({ id, attendee_count: 1 });
    expect((await w.call('GET', `/api/meetings/${id}/`, { token: 'participant' })).status).toBe(404);
    expect(host.status).toBe(400);
    expect(host.body).toEqual({ detail: 'The host cannot be removed.' });
  });
});

describe('account names in the share list', () => {
  /** A world whose directory knows the participant's account (Pat Quinn); the lookups it was asked. */
  function namedWorld() {
    const w = world();
    const asked: string[][] = [];
    Object.assign(w.deps, { accountNames: { namesByEmail: async (emails: readonly string[]) => {
      asked.push([...emails]);
      return new Map(emails.filter((e) => e === USERS.participant.email).map((e) => [e, 'Pat Quinn'] as const));
    } } });
    return { w, asked };
  }
  const names = (view: { attendees: { email: string; account_name?: string | null }[] }) => view.attendees.map((a) => [a.email, a.account_name]);

  it('names the attendees of the meetings the caller hosts after their accounts, null without one, in one lookup', async () => {
    const { w, asked } = namedWorld();
    const [id] = await createMeetings(w, 1);
    await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [id], attendees: [{ email: USERS.participant.email }, { email: 'new@example.com' }] } });

    const list = await w.call('GET', '/api/meetings/', { token: 'host' });
    const one = await w.call('GET', `/api/meetings/${id}/`, { token: 'host' });
    const removed = await w.call('PUT', '/api/meetings/delete_attendee/', { token: 'host', body: { meeting_id: id, attendee_email: 'new@example.com' } });

    expect(names(list.body.results[0])).toEqual([[USERS.host.email, null], ['new@example.com', null], [USERS.participant.email, 'Pat Quinn']]);
    // The spec's name stays what it was.
    expect(list.body.results[0].attendees[2].name).toBe('part');
    expect(names(one.body)).toEqual(names(list.body.results[0]));
    expect(names(removed.body.meeting_data)).toEqual([[USERS.host.email, null], [USERS.participant.email, 'Pat Quinn']]);
    expect(asked[0]!.sort()).toEqual([USERS.host.email, 'new@example.com', USERS.participant.email].sort());
  });

  it('gives a participant the attendees without account names, and asks nothing for them', async () => {
    const { w, asked } = namedWorld();
    const [id] = await createMeetings(w, 1);
    await w.call('POST', '/api/meetings/attendees/', { token: 'host', body: { meeting_ids: [id], attendees: [{ email: USERS.participant.email }] } });

    const list = await w.call('GET', '/api/meetings/', { token: 'participant' });

    expect(list.body.results[0].attendees.every((a: object) => !('account_name' in a))).toBe(true);
    expect(asked).toEqual([]);
  });

  it('reads each address once a minute in a container, and leaves out addresses without an account', async () => {
    let reads = 0;
    let now = 0;
    const users = { findByEmail: async (email: string) => {
      reads += 1;
      return email === 'ada@example.com' ? { firstName: 'Ada', lastName: 'Lovelace' } as Awaited<ReturnType<UsersRepository['findByEmail']>> : undefined;
    } };
    const directory = createAccountNames(users, () => now);

    expect([...(await directory.namesByEmail(['ada@example.com', 'nobody@example.com']))]).toEqual([['ada@example.com', 'Ada Lovelace']]);
    await directory.namesByEmail(['ada@example.com', 'nobody@example.com']);
    expect(reads).toBe(2);
    now += ACCOUNT_NAME_CACHE_MS + 1;
    await directory.namesByEmail(['ada@example.com']);
    expect(reads).toBe(3);
  });
});

describe('recording endpoints', () => {
  it.each([
    [{}, 'video/mp4', 'recording.mp4'],
    [{ file_name: 'Standup.M4A' }, 'audio/mp4', 'recording.m4a'],
    [{ content_type: 'audio/x-m4a' }, 'audio/x-m4a', 'recording.m4a'],
  ])('presigns an upload for %j as %s under uploads/{id}/%s', async (query, contentType, file) => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    const response = await w.call('GET', `/api/meetings/${id}/video_upload_url/`, { token: 'host', query });
    expect(response.status).toBe(200);
    // The file's name goes with the upload, for the pipeline to name a meeting whose tab closed before it was named.
    const fileName = 'file_name' in query ? { fileName: query.file_name } : {};
    expect(w.storage.presigned).toEqual([{ key: `uploads/${id}/${file}`, contentType, maxBytes: MAX_UPLOAD_BYTES, expiresSeconds: 900, ...fileName }]);
  });

  it('refuses other content types with 400', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    expect((await w.call('GET', `/api/meetings/${id}/video_upload_url/`, { token: 'host', query: { content_type: 'text/html' } })).status).toBe(400);
    expect((await w.call('GET', `/api/meetings/${id}/video_upload_url/`, { token: 'host', query: { file_name: 'x.exe' } })).status).toBe(400);
  });

  it('refuses video/webm from the upload API unless the meeting was recorded in the live room (issue #19)', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    const webm = () => w.call('GET', `/api/meetings/${id}/video_upload_url/`, { token: 'host', query: { content_type: 'video/webm' } });
    expect((await webm()).status).toBe(400);
    w.meetings.meetings.set(id, { ...w.meetings.meetings.get(id)!, liveRoom: true });
    expect((await webm()).status).toBe(200);
  });

  it('refuses an upload URL in plain text when the minutes are below 0, but not at 0', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    w.minutes.set(USERS.host.userId, 0);
    expect((await w.call('GET', `/api/meetings/${id}/video_upload_url/`, { token: 'host' })).status).toBe(200);
    w.minutes.set(USERS.host.userId, -1);
    const refused = await w.call('GET', `/api/meetings/${id}/video_upload_url/`, { token: 'host' });
    expect(refused.status).toBe(403);
    expect(refused.raw).toBe('You have used up your minutes for the month.');
  });

  it('starts processing once per uploaded object and asks to upload first when there is none', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    const before = await w.call('GET', `/api/meetings/${id}/index_meeting_request/`, { token: 'host' });
    w.storage.objects.set(`uploads/${id}/recording.mp4`, { key: `uploads/${id}/recording.mp4`, etag: '"9b2cf535f27731c974343645a3985328"', size: 5 });
    const first = await w.call('GET', `/api/meetings/${id}/index_meeting_request/`, { token: 'host' });
    const again = await w.call('GET', `/api/meetings/${id}/index_meeting_request/`, { token: 'host' });
    expect(before.status).toBe(400);
    expect(before.body).toEqual({ detail: MEETING_MESSAGES.uploadFirst });
    expect([first.body, again.body]).toEqual([{ status: 'started' }, { status: 'already_started' }]);
    const [name] = [...w.processing.started.keys()];
    expect(name).toMatch(/^[A-Za-z0-9_-]{1,80}$/);
  });

  it('says what index_meeting_request did, and really retries a failed upload (issue #19)', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    const etag = '9b2cf535f27731c974343645a3985328';
    w.storage.objects.set(`uploads/${id}/recording.mp4`, { key: `uploads/${id}/recording.mp4`, etag: `"${etag}"`, size: 5 });
    const index = async () => (await w.call('GET', `/api/meetings/${id}/index_meeting_request/`, { token: 'host' })).body;
    const setState = (processing: Record<string, unknown>) => {
      const meeting = w.meetings.meetings.get(id)!;
      w.meetings.meetings.set(id, { ...meeting, processing: { uploadKey: `uploads/${id}/recording.mp4`, uploadEtag: etag, ...processing } as never });
    };
    // The upload page asked first (as the SPA does right after uploading) and that run failed.
    expect(await index()).toEqual({ status: 'started' });
    setState({ status: 'failed', reason: 'The transcription engine failed.', updatedAt: '2025-03-01T10:00:00.000Z' });
    expect(await index()).toEqual({ status: 'started' });
    expect(await index()).toEqual({ status: 'already_started' }); // the same failure is retried once
    expect(w.processing.started.size).toBe(2);
    setState({ status: 'failed', reason: 'Failed again.', updatedAt: '2025-03-01T10:05:00.000Z' });
    expect(await index()).toEqual({ status: 'started' });
    expect([...w.processing.started.keys()].every((name) => /^[A-Za-z0-9_-]{1,80}$/.test(name))).toBe(true);

    setState({ status: 'processing', reason: null, updatedAt: '2025-03-01T10:06:00.000Z' });
    expect(await index()).toEqual({ status: 'already_started' });
    setState({ status: 'ready', reason: null, updatedAt: '2025-03-01T10:09:00.000Z' });
    expect(await index()).toEqual({ status: 'already_processed' });
    expect(w.processing.started.size).toBe(3);

    // A new upload (another ETag) is started even though the meeting shows the old one as ready.
    w.storage.objects.set(`uploads/${id}/recording.mp4`, { key: `uploads/${id}/recording.mp4`, etag: '"0123456789abcdef0123456789abcdef"', size: 7 });
    expect(await index()).toEqual({ status: 'started' });
  });

  it('gives a one-hour recording link, or 404 when nothing was recorded', async () => {
    const w = world();
    const [id] = await createMeetings(w, 1);
    expect((await w.call('GET', `/api/meetings/${id}/video/`, { token: 'host' })).status).toBe(404);
    w.storage.objects.set(`uploads/${id}/recording.m4a`, { key: `uploads/${id}/recording.m4a`, etag: 'e', size: 5 });
    const response = await w.call('GET', `/api/meetings/${id}/video/`, { token: 'host' });
    expect(response.body).toEqual({
      name: 'Meeting 1', video_url: `memory://bucket/uploads/${id}/recording.m4a?expires=3600`, expiration_time: '2025-03-01T11:00:01.000Z',
      download_url: `memory://bucket/uploads/${id}/recording.m4a?expires=3600&attachment=Meeting%201.m4a`, file_name: 'Meeting 1.m4a',
    });
  });

  it('names the downloaded recording after the meeting, without characters file systems refuse', () => {
    expect(recordingFileName('Weekly: Q3/Q4 "plan"', 'uploads/m/recording.mp4')).toBe('Weekly_ Q3_Q4 _plan_.mp4');
    expect(recordingFileName('...', 'uploads/m/x.M4A')).toBe('recording.m4a');
    expect(recordingFileName('x'.repeat(300), 'uploads/m/r.mp4')).toHaveLength(124);
    expect(attachmentDisposition('Réunion.mp4')).toBe(`attachment; filename="Reunion.mp4"; filename*=UTF-8''R%C3%A9union.mp4`);
  });

  it('names a recording whose browser never named its meeting after the uploaded file, else by its upload time', async () => {
    const metadata = { [FILE_NAME_METADATA]: fileNameMetadata('Réunion: Q3 budget.m4a') };
    expect(metadata[FILE_NAME_METADATA]).toBe('R%C3%A9union%3A%20Q3%20budget.m4a');
    expect(arrivedUploadName('2026-11-27T10:05:00Z', uploadedFileName(metadata))).toBe('Réunion: Q3 budget');
    expect(arrivedUploadName('2026-11-27T10:05:00Z', uploadedFileName({}))).toBe('Uploaded recording 2026-11-27 10:05 UTC');
    expect(uploadedFileName({ [FILE_NAME_METADATA]: '%E0%A4%A' })).toBeUndefined();
    expect(uploadedFileName({ [FILE_NAME_METADATA]: '%0A%20' })).toBeUndefined();
    expect(arrivedUploadName('2026-11-27T10:05:00Z', `${'x'.repeat(300)}.mp4`)).toHaveLength(MEETING_NAME_MAX);

    // The presigned POST carries it as an exact-match metadata field (signed locally: no call is made).
    const s3 = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'key', secretAccessKey: 'secret' } });
    const { fields } = await createRecordingStorage(s3, 'media').presignUpload({
      key: 'uploads/m/recording.m4a', contentType: 'audio/mp4', maxBytes: 10, expiresSeconds: 60, fileName: 'Réunion.m4a',
    });
    expect(fields['x-amz-meta-file-name']).toBe('R%C3%A9union.m4a');
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual({ 'x-amz-meta-file-name': 'R%C3%A9union.m4a' });
  });
});

describe('search by meeting name', () => {
  it('returns the caller\'s matching meetings in the hit shape, newest first', async () => {
    const w = world();
    for (const name of ['Weekly Planning', 'Plan review', 'Retro']) {
      await w.call('POST', '/api/meetings/', { token: 'host', body: { name } });
      w.tick(1000);
    }
    await w.call('POST', '/api/meetings/', { token: 'stranger', body: { name: 'Planning secrets' } });
    const response = await w.call('POST', '/api/search/', { token: 'host', body: { query: 'plan' }, form: true });
    expect(response.body).toEqual([
      { meeting_name: 'Plan review', meeting_id: expect.any(String), image_path: null, thumbnail_path: null, scale: null, timestamp: null, matches: ['Plan'],
        matched_in: ['name'], start_time: '2025-03-01T10:00:01.000Z' },
      { meeting_name: 'Weekly Planning', meeting_id: expect.any(String), image_path: null, thumbnail_path: null, scale: null, timestamp: null, matches: ['Planning'],
        matched_in: ['name'], start_time: '2025-03-01T10:00:00.000Z' },
    ]);
  });

  it('answers 400 for a missing query and 401 without a token', async () => {
    const w = world();
    expect((await w.call('POST', '/api/search/', { token: 'host', body: {}, form: true })).status).toBe(400);
    expect((await w.call('POST', '/api/search/', { body: { query: 'x' }, form: true })).status).toBe(401);
  });
});

describe('surveys', () => {
  it('stores a survey without authentication and answers 201', async () => {
    const w = world();
    const m1 = (await w.call('POST', '/api/meetings/', { token: 'host', body: { name: 'Surveyed' } })).body.id as string;
    const response = await w.call('POST', '/api/surveys/meeting/', { body: { email: 'Guest@Example.com', meeting_id: m1, rating: 9, maximum_rating: 10, note: 'Great' } });
    expect(response.status).toBe(201);
    expect(w.surveys).toEqual([{ id: expect.any(String), email: 'guest@example.com', meetingId: m1, rating: 9, maximumRating: 10, note: 'Great', createdAt: '2025-03-01T10:00:00.000Z' }]);
  });

  it('refuses a survey for a meeting that does not exist with 400 and stores nothing (issue 28)', async () => {
    const w = world();
    const response = await w.call('POST', '/api/surveys/meeting/', { body: { email: 'g@example.com', meeting_id: 'no-such-meeting', rating: 5, maximum_rating: 10, note: '' } });
    expect(response.status).toBe(400);
    expect(w.surveys).toHaveLength(0);
  });

  it.each([
    { rating: 0 }, { rating: 11 }, { rating: 7.5 }, { rating: 'ten' }, { maximum_rating: 5 }, { email: 'nope' }, { note: 'x'.repeat(401) },
  ])('rejects %j with 400 and stores nothing', async (overrides) => {
    const w = world();
    const response = await w.call('POST', '/api/surveys/meeting/', { body: { email: 'g@example.com', meeting_id: 'm1', rating: 5, maximum_rating: 10, note: '', ...overrides } });
    expect(response.status).toBe(400);
    expect(w.surveys).toHaveLength(0);
  });
});
