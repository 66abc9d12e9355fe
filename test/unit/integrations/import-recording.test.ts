import {
  importMeetingId, importRecording, IMPORT_MESSAGES, RecordingTooLarge, type ImportDeps, type RecordingSource,
} from '../../../functions/core/integrations/import-recording.js';
import { chooseRecordingFile, type ProviderRecording, type RecordingFile } from '../../../functions/core/integrations/recordings.js';
import type { MeetingRecord } from '../../../functions/core/meetings/model.js';
import { memoryImports } from './memory-ports.js';

const file = (over: Partial<RecordingFile>): RecordingFile => ({ id: 'f', fileType: 'MP4', downloadUrl: 'https://zoom.example/f', status: 'completed', sizeBytes: 10, ...over });

function world(options: { minutes?: number; maxBytes?: number; fail?: () => Error | undefined } = {}) {
  const meetings = new Map<string, { meeting: MeetingRecord; failed?: string }>();
  const created: MeetingRecord[] = [];
  const objects = new Map<string, number>();
  let downloads = 0;
  const recording: ProviderRecording = {
    service: 'zoom', recordingId: 'uuid-1==', topic: 'Weekly sync', startTime: '2026-11-20T15:00:00Z', durationSeconds: 60,
    files: [file({ id: 'chat', fileType: 'CHAT' }), file({ id: 'm4a', fileType: 'M4A', recordingType: 'audio_only' }), file({ id: 'video', recordingType: 'shared_screen_with_speaker_view' })],
  };
  const source: RecordingSource = {
    recording: async (_u, _id, hint) => hint ?? recording,
    async open() {
      downloads += 1;
      const failure = options.fail?.();
      if (failure) throw failure;
      return (async function* () { yield new Uint8Array(10); })();
    },
  };
  const imports = memoryImports();
  const deps: ImportDeps = {
    imports,
    meetings: {
      find: async (id) => meetings.get(id),
      async createIfAbsent(meeting) {
        if (meetings.has(meeting.id)) return false;
        created.push(meeting);
        meetings.set(meeting.id, { meeting });
        return true;
      },
      async markRecordingAvailable(id) { const m = meetings.get(id)!; m.meeting = { ...m.meeting, recordingAvailable: true }; },
      async markFailed(id, reason) { meetings.get(id)!.failed = reason; },
      async markImporting(id) { meetings.get(id)!.failed = undefined; },
    },
    storage: {
      hasUpload: async (id) => [...objects.keys()].some((k) => k.startsWith(`uploads/${id}/`)),
      async streamUpload(key, body, _type, maxBytes) {
        let size = 0;
        for await (const chunk of body) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new RecordingTooLarge('too large');
        }
        objects.set(key, size);
        return { size };
      },
    },
    source: () => source,
    users: { find: async (id) => (id === 'gone' ? undefined : { email: 'Host@Example.com', name: 'Host' }) },
    minutesLeft: async () => options.minutes ?? 60,
    clock: () => Date.parse('2026-11-21T00:00:00Z'),
    newId: () => 'attendee-id',
    maxBytes: options.maxBytes,
  };
  return { deps, meetings, created, objects, imports, recording, downloads: () => downloads };
}

const request = { service: 'zoom' as const, userId: 'u1', recordingId: 'uuid-1==' };

describe('importing a provider recording', () => {
  it('creates one meeting named after the topic with start and end from the recording and streams the best file', async () => {
    const w = world();
    const out = await importRecording(w.deps, request);
    expect(out).toEqual({ outcome: 'imported', meetingId: importMeetingId('zoom', 'uuid-1==') });
    const { meeting } = w.meetings.get(importMeetingId('zoom', 'uuid-1=='))!;
    expect(meeting).toMatchObject({ name: 'Weekly sync', startTime: '2026-11-20T15:00:00.000Z', endTime: '2026-11-20T15:01:00.000Z', recordingAvailable: true, hostUserId: 'u1' });
    expect([...w.objects.keys()]).toEqual([`uploads/${meeting.id}/recording.mp4`]);
    // Born queued, so a meetings list that reads it at once keeps refreshing until it is processed.
    expect(w.created[0]!.processing).toMatchObject({ status: 'queued' });
  });

  it('a redelivered webhook or a backfill overlap after the import is a duplicate: no second meeting, no second download', async () => {
    const w = world();
    await importRecording(w.deps, request);
    expect(await importRecording(w.deps, request)).toMatchObject({ outcome: 'duplicate' });
    expect(await importRecording(w.deps, { ...request, hint: { ...w.recording, topic: 'Other' } })).toMatchObject({ outcome: 'duplicate' });
    expect(w.meetings.size).toBe(1);
    expect(w.downloads()).toBe(1);
  });

  it('two deliveries at once (out of order, concurrent) still make one meeting', async () => {
    const w = world();
    const outs = await Promise.all([importRecording(w.deps, request), importRecording(w.deps, request), importRecording(w.deps, request)]);
    expect(new Set(outs.map((o) => ('meetingId' in o ? o.meetingId : '')))).toEqual(new Set([importMeetingId('zoom', 'uuid-1==')]));
    expect(w.meetings.size).toBe(1);
    expect(w.imports.rows.size).toBe(1);
  });

  it('a run resumed after a crash (upload stored, import not finished) does not download again', async () => {
    const w = world();
    const id = importMeetingId('zoom', 'uuid-1==');
    w.objects.set(`uploads/${id}/recording.mp4`, 10);
    await w.deps.imports.claim({ ...request, meetingId: id, status: 'importing', updatedAt: '' });
    expect(await importRecording(w.deps, request)).toEqual({ outcome: 'imported', meetingId: id });
    expect(w.downloads()).toBe(0);
  });

  it('a failed download leaves the import open for the retry, which completes it once', async () => {
    let first = true;
    const w = world({ fail: () => (first ? ((first = false), new Error('connection reset')) : undefined) });
    await expect(importRecording(w.deps, request)).rejects.toThrow('connection reset');
    expect(await importRecording(w.deps, request)).toMatchObject({ outcome: 'imported' });
    expect(w.meetings.size).toBe(1);
  });

  it('past the size limit (announced or streamed) the meeting shows a clear failed state', async () => {
    const w = world({ maxBytes: 5 });
    const out = await importRecording(w.deps, request);
    expect(out).toMatchObject({ outcome: 'failed', reason: IMPORT_MESSAGES.tooLarge('Zoom', 5) });
    expect(w.meetings.get(importMeetingId('zoom', 'uuid-1=='))!.failed).toBe('The Zoom recording is larger than 5 bytes and cannot be imported.');
    expect(w.objects.size).toBe(0);
    const streamed = world({ maxBytes: 9 });
    streamed.recording.files.forEach((f) => Object.assign(f, { sizeBytes: undefined }));
    expect(await importRecording(streamed.deps, request)).toMatchObject({ outcome: 'failed' });
  });

  it('with the minutes used up the meeting is imported but not processed, with that reason', async () => {
    const w = world({ minutes: -1 });
    expect(await importRecording(w.deps, request)).toMatchObject({ outcome: 'failed', reason: IMPORT_MESSAGES.minutesUsedUp });
    expect(w.objects.size).toBe(0);
  });

  it('a recording whose download the host disabled fails with that reason', async () => {
    const w = world();
    const hint = { ...w.recording, files: [], downloadDisabled: true };
    expect(await importRecording(w.deps, { ...request, hint })).toMatchObject({ outcome: 'failed', reason: IMPORT_MESSAGES.downloadDisabled('Zoom') });
  });
});

describe('choosing the file', () => {
  it('prefers the speaker-view video, then other videos, then audio-only m4a; never chat, transcripts or unfinished files', () => {
    const files = [
      file({ id: 'tx', fileType: 'TRANSCRIPT' }), file({ id: 'm4a', fileType: 'M4A', recordingType: 'audio_only' }),
      file({ id: 'screen', recordingType: 'shared_screen' }), file({ id: 'speaker', recordingType: 'shared_screen_with_speaker_view' }),
      file({ id: 'processing', recordingType: 'active_speaker', status: 'processing' }),
    ];
    expect(chooseRecordingFile(files)?.id).toBe('speaker');
    expect(chooseRecordingFile(files.filter((f) => f.id !== 'speaker'))?.id).toBe('screen');
    expect(chooseRecordingFile(files.filter((f) => f.fileType !== 'MP4'))?.id).toBe('m4a');
    expect(chooseRecordingFile([file({ fileType: 'CHAT' }), file({ fileType: 'TIMELINE' })])).toBeUndefined();
  });
});
