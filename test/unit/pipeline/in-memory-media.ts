/**
 * In-memory versions of the media steps' ports (functions/core/pipeline/media-ports.ts) and of the meeting's
 * recording fill-in (core/meetings/recording-facts.ts), with the adapters' semantics: a missing object is an error,
 * the fill-in's writes are conditional.
 */
import type { RecordingFactsStore } from '../../../functions/core/meetings/recording-facts.js';
import type { MeetingRecord } from '../../../functions/core/meetings/model.js';
import { MeetingGone } from '../../../functions/core/pipeline/errors.js';
import type { ArtefactStore, ExtractedFrameImage, MediaTools } from '../../../functions/core/pipeline/media-ports.js';
import type { ProbeReport } from '../../../functions/core/pipeline/media-probe.js';
import type { LevellingDecision } from '../../../functions/core/pipeline/levelling.js';

export class NoSuchKey extends Error {
  readonly name = 'NoSuchKey';
}

export function inMemoryArtefacts(): ArtefactStore & { readonly objects: Map<string, { body: string | Buffer; contentType: string }> } {
  const objects = new Map<string, { body: string | Buffer; contentType: string }>();
  const getText = async (key: string) => {
    const found = objects.get(key);
    if (!found) throw new NoSuchKey(key);
    return found.body.toString();
  };
  return {
    objects, bucket: 'media', uri: (key) => `s3://media/${key}`,
    head: async (key) => (objects.has(key) ? { etag: 'e' } : undefined),
    getText,
    getJson: async <T>(key: string) => JSON.parse(await getText(key)) as T,
    async putText(key, body, contentType) { objects.set(key, { body, contentType }); },
    async putBytes(key, body, contentType) { objects.set(key, { body, contentType }); },
  };
}

/** Media tools answering from what the test set: the probe reports per key, the level, the frames. */
export function inMemoryMediaTools(artefacts: ArtefactStore) {
  const calls: string[] = [];
  const state = {
    reports: new Map<string, ProbeReport>(),
    copyReports: new Map<string, ProbeReport>(),
    level: { verdict: 'usable', speechDb: -24, gainDb: 0 } as LevellingDecision,
    frames: [] as { timestamp: number; width: number; height: number }[],
    framesReadable: true,
  };
  const tools: MediaTools = {
    async probe(key) { calls.push(`probe ${key}`); return state.reports.get(key) ?? {}; },
    async probeCopy(key, timeoutMs) { calls.push(`probeCopy ${key} ${timeoutMs}`); return state.copyReports.get(key) ?? {}; },
    async storeSpeechAudio(key, targetKey, timeoutMs) {
      calls.push(`storeSpeechAudio ${key} ${targetKey} ${timeoutMs}`);
      await artefacts.putBytes(targetKey, Buffer.from('RIFF'), 'audio/wav');
      return state.level;
    },
    async withFrames(key, timeoutMs, use) {
      calls.push(`withFrames ${key} ${timeoutMs}`);
      const frames: ExtractedFrameImage[] = state.frames.map((f, i) => ({
        ...f, image: async () => Buffer.from(`image ${i}`), thumbnail: async () => Buffer.from(`thumb ${i}`),
      }));
      state.framesReadable = true;
      try {
        return await use(frames);
      } finally {
        state.framesReadable = false;
      }
    },
  };
  return { tools, calls, state };
}

/** The meetings as records, with the fill-in writing them as the DynamoDB adapter does (conditional, MeetingGone). */
export function inMemoryMeetingRecords() {
  const records = new Map<string, MeetingRecord>();
  const existing = (id: string) => {
    const record = records.get(id);
    if (!record) throw new MeetingGone(`Meeting ${id} no longer exists.`);
    return record;
  };
  const store: RecordingFactsStore = {
    async markRecordingAvailable(id) { records.set(id, { ...existing(id), recordingAvailable: true }); },
    async fillEndTime(id, endTime) {
      if (existing(id).endTime) return false;
      records.set(id, { ...existing(id), endTime });
      return true;
    },
    async nameUnnamedUpload(id, placeholder, name) {
      if (existing(id).name !== placeholder) return false;
      records.set(id, { ...existing(id), name });
      return true;
    },
  };
  const find = async (id: string) => (records.has(id) ? { meeting: records.get(id)!, attendees: [] } : undefined);
  return { records, store, find };
}
