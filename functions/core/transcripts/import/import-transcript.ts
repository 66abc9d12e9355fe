import { createHash } from 'node:crypto';
import { TRANSCRIPT_IMPORT_MAX_BYTES, TRANSCRIPT_IMPORT_MESSAGES, type TranscriptImportStarted } from '../../../contracts/transcripts.js';
import { Conflict, PayloadTooLarge } from '../../errors.js';
import { loadForWrite, type Caller } from '../../meetings/access.js';
import type { Clock, MeetingsRepository, ProcessingStarter, RecordingStorage } from '../../meetings/model.js';
import { artefactKeys } from '../../pipeline/artefact-keys.js';
import { queuedState, type ProcessingState } from '../../pipeline/processing-status.js';
import { readTranscriptFile, type TranscriptFile } from './read-file.js';

export type { TranscriptFile };

/** Ports of the transcript import. */
export interface TranscriptImportPorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly storage: Pick<RecordingStorage, 'latestUpload'>;
  readonly transcripts: { findTranscript(meetingId: string): Promise<unknown> };
  readonly files: { putText(key: string, text: string, contentType: string): Promise<void> };
  readonly imports: {
    /** Puts `state` on a meeting that has no processing state yet; false when it has one (a recording or another import got there first). */
    claimMeetingForImport(meetingId: string, state: ProcessingState): Promise<boolean>;
    /** Takes back a claim whose processing could not be started (only while it is still this import's queued state). */
    releaseImport(meetingId: string, importId: string): Promise<void>;
  };
  readonly processing: ProcessingStarter;
  readonly clock: Clock;
}

/** The execution input that sends the state machine down its transcript branch (statemachines/process-meeting.asl.json). */
export interface TranscriptImportTrigger { readonly source: 'transcript'; readonly meetingId: string; readonly importId: string }

/** Execution name of an import: meeting id + a hash of the file, so one file is processed under one name. */
export const importExecutionName = (meetingId: string, importId: string) =>
  `${meetingId}-transcript-${importId}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 80);

/**
 * POST meetings/{id}/transcript_import/ (host only): reads the whole file first (nothing is stored for a bad one), then
 * claims the meeting, stores the transcript document where BuildTranscript writes it and starts the processing state
 * machine on its transcript branch (notes, sentiment, search as for a recording; no minutes charged).
 * Throws PayloadTooLarge (413), NotFound, Forbidden, Conflict (409: a recording or transcript already),
 * UnreadableTranscript / MalformedTranscript (400), UnsupportedTranscriptType (415).
 */
export async function importTranscript(ports: TranscriptImportPorts, caller: Caller, meetingId: string,
  file: TranscriptFile): Promise<TranscriptImportStarted> {
  if (file.bytes.length > TRANSCRIPT_IMPORT_MAX_BYTES) throw new PayloadTooLarge(TRANSCRIPT_IMPORT_MESSAGES.tooLarge);
  const { meeting } = await loadForWrite(ports.meetings, meetingId, caller);
  if (meeting.processing || await ports.storage.latestUpload(meetingId) || await ports.transcripts.findTranscript(meetingId)) {
    throw new Conflict(TRANSCRIPT_IMPORT_MESSAGES.alreadyHasRecording);
  }
  const { document } = readTranscriptFile(meetingId, file);
  const importId = createHash('sha256').update(file.bytes).digest('hex').slice(0, 16);
  const key = artefactKeys.transcript(meetingId);
  const now = new Date(ports.clock()).toISOString();
  const state: ProcessingState = { ...queuedState(key, importId, now), minutesCharged: 0, durationSeconds: document.durationSeconds };
  if (!await ports.imports.claimMeetingForImport(meetingId, state)) throw new Conflict(TRANSCRIPT_IMPORT_MESSAGES.alreadyHasRecording);
  try {
    await ports.files.putText(key, JSON.stringify(document), 'application/json');
    const trigger: TranscriptImportTrigger = { source: 'transcript', meetingId, importId };
    await ports.processing.start(importExecutionName(meetingId, importId), { ...trigger });
  } catch (error) {
    await ports.imports.releaseImport(meetingId, importId);
    throw error;
  }
  return { status: 'started' };
}
