import { importRecording, type ImportDeps, type RecordingSource } from '../../../functions/core/integrations/import-recording.js';
import type { ProviderRecording, RecordingFile } from '../../../functions/core/integrations/recordings.js';
import type { SpeakerCues } from '../../../functions/core/speakers/cues.js';
import { toProviderRecording } from '../../../functions/adapters/integrations/zoom.js';
import { memoryImports } from '../integrations/memory-ports.js';

const file = (id: string, fileType: string): RecordingFile => ({ id, fileType, downloadUrl: `https://zoom.example/${id}`, status: 'completed' });
const TIMELINE = JSON.stringify({ timeline: [{ ts: '00:00:00.000', users: [{ username: 'Ann' }] }, { ts: '00:00:05.000', users: [{ username: 'Bob' }] }] });

function world(recording: ProviderRecording, contents: Record<string, string>) {
  const saved: SpeakerCues[] = [];
  const warnings: string[] = [];
  const source: RecordingSource = {
    recording: async () => recording,
    async open(_u, f) {
      const all: Record<string, string> = { mix: 'audio bytes', ...contents };
      if (!(f.id in all)) throw new Error(`no ${f.id}`);
      const bytes = new TextEncoder().encode(all[f.id]);
      return (async function* () { yield bytes; })();
    },
  };
  const deps: ImportDeps = {
    imports: memoryImports(),
    meetings: { find: async () => undefined, createIfAbsent: async () => true, markRecordingAvailable: async () => undefined, markFailed: async () => undefined, markImporting: async () => undefined },
    storage: { hasUpload: async () => false, streamUpload: async () => ({ size: 1 }) },
    source: () => source,
    users: { find: async () => ({ email: 'host@example.com', name: 'Host' }) },
    minutesLeft: async () => 60,
    clock: () => 0,
    newId: () => 'a',
    speakerCues: {
      trackSpeech: async (_u, _s, f) => (f.id === 'ann' ? [{ start: 0, end: 2 }] : [{ start: 3, end: 4 }]),
      save: async (_id, cues) => { saved.push(cues); },
    },
    warn: (m) => warnings.push(m),
  };
  return { deps, saved, warnings };
}

const base: ProviderRecording = { service: 'zoom', recordingId: 'r1', topic: 'Sync', startTime: '2026-11-20T15:00:00Z', durationSeconds: 10, files: [file('mix', 'M4A')] };

describe('importRecording with speaker files', () => {
  it('prefers per-participant audio: each track named after its participant', async () => {
    const w = world({ ...base, speakerFiles: { participantAudio: [{ name: 'Ann', file: file('ann', 'M4A') }, { name: 'Bob', file: file('bob', 'M4A') }], timeline: file('tl', 'TIMELINE') } }, { tl: TIMELINE });
    await importRecording(w.deps, { service: 'zoom', userId: 'u', recordingId: 'r1' });
    expect(w.saved).toEqual([{ version: 1, source: 'participant_audio', cues: [{ start: 0, end: 2, name: 'Ann' }, { start: 3, end: 4, name: 'Bob' }] }]);
  });

  it('else the timeline, else the transcript VTT', async () => {
    const timeline = world({ ...base, speakerFiles: { timeline: file('tl', 'TIMELINE'), transcript: file('vtt', 'TRANSCRIPT') } }, { tl: TIMELINE, vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nCy: hi\n' });
    await importRecording(timeline.deps, { service: 'zoom', userId: 'u', recordingId: 'r1' });
    expect(timeline.saved[0]).toMatchObject({ source: 'timeline', cues: [{ name: 'Ann', start: 0, end: 5 }, { name: 'Bob', start: 5, end: 10 }] });
    const vtt = world({ ...base, speakerFiles: { transcript: file('vtt', 'TRANSCRIPT') } }, { vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nCy: hi\n' });
    await importRecording(vtt.deps, { service: 'zoom', userId: 'u', recordingId: 'r1' });
    expect(vtt.saved[0]).toEqual({ version: 1, source: 'transcript', cues: [{ start: 1, end: 2, name: 'Cy' }] });
  });

  it('imports the recording without names when a speaker file cannot be read, and says why in the log', async () => {
    const w = world({ ...base, speakerFiles: { timeline: file('missing', 'TIMELINE') } }, {});
    expect(await importRecording(w.deps, { service: 'zoom', userId: 'u', recordingId: 'r1' })).toMatchObject({ outcome: 'imported' });
    expect(w.saved).toEqual([]);
    expect(w.warnings).toHaveLength(1);
  });
});

describe('toProviderRecording (Zoom)', () => {
  it('reads participant_audio_files, the TIMELINE and the TRANSCRIPT, and never imports them as the media file', () => {
    const recording = toProviderRecording({
      uuid: 'u1', topic: 'Sync', start_time: '2026-11-20T15:00:00Z',
      recording_files: [
        { id: 'a', file_type: 'M4A', recording_type: 'audio_only', download_url: 'https://zoom.example/a', status: 'completed' },
        { id: 't', file_type: 'TIMELINE', recording_type: 'timeline', download_url: 'https://zoom.example/t', status: 'completed' },
        { id: 'v', file_type: 'TRANSCRIPT', recording_type: 'audio_transcript', download_url: 'https://zoom.example/v', status: 'processing' },
      ],
      participant_audio_files: [{ id: 'p1', file_type: 'M4A', file_name: 'Audio only - Ann Lee', download_url: 'https://zoom.example/p1', status: 'completed' }],
    });
    expect(recording.speakerFiles?.participantAudio?.map((t) => [t.name, t.file.id])).toEqual([['Ann Lee', 'p1']]);
    expect(recording.speakerFiles?.timeline?.id).toBe('t');
    expect(recording.speakerFiles?.transcript).toBeUndefined();
  });
});
