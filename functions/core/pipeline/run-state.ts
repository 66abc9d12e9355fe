/**
 * The state object of `statemachines/process-meeting.asl.json` as the task steps read and add to it: the run
 * StartProcessing claims, then each step's result under its ResultPath (docs/pipeline.md "States").
 */
import type { LevellingDecision } from './levelling.js';

/** The run StartProcessing claims; every later state receives it as `$`. */
export interface PipelineRun {
  readonly outcome: 'claimed' | 'already_processing' | 'meeting_not_found' | 'waiting_for_minutes';
  /** Hourly checks made so far while the host's minutes were used up (docs/billing.md). */
  readonly waits?: number;
  readonly meetingId: string;
  readonly bucket: string;
  readonly key: string;
  readonly etag: string;
  readonly size: number;
  readonly executionId: string;
  readonly attempt: number;
}

/** ProbeMedia's result (`$.media`). */
export interface MediaResult {
  readonly durationSeconds: number;
  readonly hasVideo: boolean;
  readonly tooShort: boolean;
  readonly minutesCharged: number;
  /** Whole seconds between looks at the transcription job (WaitForTranscription's SecondsPath; progress-estimate.ts). */
  readonly pollSeconds: number;
}

/** ExtractAudio's result (`$.audio`): the WAV and the transcription job StartTranscription starts. */
export interface AudioResult {
  readonly bucket: string;
  readonly key: string;
  readonly mediaUri: string;
  readonly jobName: string;
  readonly outputKey: string;
  /** How the audio was levelled before transcription (levelling.ts); absent in runs started before it was kept. */
  readonly level?: LevellingDecision;
}

/** BuildTranscript's (and ImportTranscript's) result (`$.artefacts.transcript`). */
export interface TranscriptResult {
  readonly jsonKey: string;
  readonly textKey: string;
  readonly turns: number;
  readonly speakers: number;
  readonly speechSeconds: number;
}

/** The state object after each step adds its result (ResultPath). */
export type PipelineState = PipelineRun & {
  readonly media?: MediaResult;
  readonly audio?: AudioResult;
  readonly artefacts?: { readonly transcript?: TranscriptResult };
  readonly error?: { readonly Error?: string; readonly Cause?: string };
};

/** ExtractFrames' input: the run's meeting and upload, and whether the probe found a video track. */
export interface ExtractFramesInput { readonly meetingId: string; readonly key: string; readonly hasVideo?: boolean }

/** One stored video frame (ExtractFrames' result item; the input of OcrFrame). */
export interface FrameRef {
  readonly position: number;
  /** Seconds from the start of the recording. */
  readonly timestamp: number;
  readonly imageKey: string;
  readonly thumbnailKey: string;
  readonly width: number;
  readonly height: number;
}
