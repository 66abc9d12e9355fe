import type { SpeakerNames } from '../transcripts/speaker-names.js';
import type { ArtefactStatus, ProcessingState } from './processing-status.js';
import type { StageSpeeds, TimedStage } from './stage-speeds.js';

/** Fields of the processing state to change; `artefacts.<name>` changes one artefact's status. */
export type StatePatch = Partial<Omit<ProcessingState, 'artefacts'>> & { readonly 'artefacts.transcript'?: ArtefactStatus };

export type RunStatus = 'running' | 'succeeded' | 'failed';
export interface RunClaim { readonly claimed: boolean; readonly attempt: number }

export interface TranscriptRecord {
  readonly jsonKey: string;
  readonly textKey: string;
  readonly speakers: readonly string[];
  readonly speakerNames: SpeakerNames;
  readonly createdAt: string;
}

/** One execution per upload (meeting + ETag). */
export interface RunClaims {
  /**
   * Claims processing of one upload for one execution. A second execution for the same upload is refused
   * (claimed false) unless the earlier one failed (or, with `takeOverSucceeded`, succeeded: the same file uploaded
   * again after another upload replaced it), when it takes over with the next attempt number; the same execution
   * resumed after a crash gets its claim back.
   */
  claimRun(meetingId: string, etag: string, executionId: string, now: string, options?: { readonly takeOverSucceeded?: boolean }): Promise<RunClaim>;
  /** The claim of one upload, if any run claimed it. */
  findRun(meetingId: string, etag: string): Promise<{ readonly executionId: string; readonly attempt: number; readonly status: RunStatus } | undefined>;
  /** Records how a claimed run ended (a failed one may be taken over by a later trigger); another execution's claim is left alone. */
  finishRun(meetingId: string, etag: string, executionId: string, status: Exclude<RunStatus, 'running'>): Promise<void>;
}

/**
 * The processing state on the meeting (its `processing` attribute; the meeting's own fields a recording fills in are
 * core/meetings/recording-facts.ts's). Writes throw MeetingGone when the meeting is gone.
 */
export interface ProcessingStates {
  findState(meetingId: string): Promise<ProcessingState | undefined>;
  resetState(meetingId: string, state: ProcessingState): Promise<void>;
  patchState(meetingId: string, fields: StatePatch): Promise<void>;
}

/** Minutes charged per recording (upload ETag), at most once, and refunded at most once. */
export interface MinutesLedger {
  /** False when this recording was already charged (and not refunded). */
  chargeMinutes(meetingId: string, recordingId: string, userId: string, minutes: number, now: string): Promise<boolean>;
  /** The minutes given back, 0 when nothing was left to refund. */
  refundMinutes(meetingId: string, recordingId: string): Promise<number>;
  findCharge(meetingId: string, recordingId: string): Promise<{ userId: string; minutes: number; refunded: boolean } | undefined>;
  /** The version of the user's minutes ledger: every charge moves it on (0 before the first). */
  ledgerVersion(userId: string): Promise<number>;
  /**
   * Charges like chargeMinutes, but only while the user's ledger is still at `version` (a conditional write on the
   * ledger): `ledger_changed` when another charge came first, and nothing was written.
   */
  chargeMinutesAtVersion(
    meetingId: string, recordingId: string, userId: string, minutes: number, now: string, version: number,
  ): Promise<'charged' | 'already_charged' | 'ledger_changed'>;
}

/** The transcript pointer of a meeting. */
export interface Transcripts {
  saveTranscript(meetingId: string, record: TranscriptRecord): Promise<void>;
  findTranscript(meetingId: string): Promise<TranscriptRecord | undefined>;
  /** Throws MeetingGone when the transcript no longer exists. */
  saveSpeakerNames(meetingId: string, names: SpeakerNames): Promise<void>;
}

/** This machine's measured stage speeds (stage-speeds.ts), one record for the whole deployment. */
export interface StageSpeedRecord {
  find(): Promise<StageSpeeds | undefined>;
  /** Adds a finished run to the record (read, add, write if unchanged; a lost race drops the run, which is harmless). */
  addRun(durationSeconds: number, stageSeconds: Partial<Record<TimedStage, number>>): Promise<void>;
}
