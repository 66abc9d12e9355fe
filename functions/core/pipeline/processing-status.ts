/**
 * Processing status of a meeting, kept on the meeting item while the state machine runs and shown
 * with the meeting (`processing` in GET meetings/ and GET meetings/{id}/).
 */
import type { ArtefactStatus, PipelineStep, ProcessingView } from '../../contracts/processing.js';
import { STAGES, estimateProgress, type EngineShare, type ExpectedStages } from './progress-estimate.js';
import type { TranscriptionProgress } from './transcription-progress.js';

export type { ArtefactStatus, PipelineStep, ProcessingView };

/** As stored on the meeting item (attribute `processing`). */
export interface ProcessingState {
  readonly status: ArtefactStatus;
  readonly step: PipelineStep | null;
  readonly percent: number | null;
  readonly reason: string | null;
  readonly uploadKey: string;
  readonly uploadEtag: string;
  readonly durationSeconds: number | null;
  readonly speechSeconds: number | null;
  readonly tooShort: boolean;
  readonly minutesCharged: number | null;
  readonly artefacts: { readonly transcript: ArtefactStatus };
  readonly updatedAt: string;
  /** When the current step started (ISO); absent in states written before it was kept (updatedAt stands in). */
  readonly stepStartedAt?: string;
  /** Set when the transcript is ready but holds no words: why, for the host (core/pipeline/levelling.ts noWordsReason). */
  readonly noWordsReason?: string | null;
  /** Seconds each timed stage is expected to take on this machine, set once the recording is probed (stage-speeds.ts). */
  readonly expectedSeconds?: ExpectedStages;
  /** Seconds the stages measured so far took (ExtractAudio writes its own; BuildTranscript records the run). */
  readonly stageSeconds?: ExpectedStages;
  /** The speech engine's progress through the transcription, when it reports one (transcription-progress.ts). */
  readonly transcriptionProgress?: TranscriptionProgress;
}

/** Progress stored when a step starts (the start of its span in progress-estimate.ts, which estimates within it). */
export const STEP_PERCENT: Readonly<Record<PipelineStep, number>> =
  Object.fromEntries(STAGES.map(([step, spec]) => [step, spec.from])) as Record<PipelineStep, number>;

/** The time fields a step writes as it starts: updatedAt and stepStartedAt, now. */
export function stepStarted(now = new Date()): { updatedAt: string; stepStartedAt: string } {
  const at = now.toISOString();
  return { updatedAt: at, stepStartedAt: at };
}

/** The status of a run that has just been claimed. */
export function queuedState(uploadKey: string, uploadEtag: string, now: string): ProcessingState {
  return {
    status: 'queued', step: 'StartProcessing', percent: 0, reason: null, uploadKey, uploadEtag,
    durationSeconds: null, speechSeconds: null, tooShort: false, minutesCharged: null,
    artefacts: { transcript: 'queued' }, updatedAt: now, stepStartedAt: now,
  };
}

/**
 * The stored state as the API shows it, with the running stage's name, percent and time left estimated at `nowMs`
 * (progress-estimate.ts); undefined when the meeting was never processed.
 */
export function toProcessingView(state: ProcessingState | null | undefined, nowMs = Date.now()): ProcessingView | undefined {
  if (!state) return undefined;
  const running = (state.status === 'queued' || state.status === 'processing') && state.artefacts?.transcript !== 'ready' && state.step;
  const stepStartMs = Date.parse(state.stepStartedAt ?? state.updatedAt);
  const estimate = running
    ? estimateProgress(state.step!, stepStartMs, nowMs, state.durationSeconds, state.expectedSeconds, engineShare(state, stepStartMs))
    : undefined;
  return {
    status: state.status, step: state.step, percent: estimate ? Math.max(estimate.percent, state.percent ?? 0) : state.percent,
    stage: estimate?.stage ?? null, seconds_left: estimate?.secondsLeft ?? null,
    reason: state.reason, too_short: state.tooShort, no_words_reason: state.noWordsReason ?? null,
    duration_seconds: state.durationSeconds, minutes_charged: state.minutesCharged,
    transcript: state.artefacts?.transcript ?? 'queued', updated_at: state.updatedAt,
  };
}

/**
 * The engine's progress through this run's transcription, in seconds since the stage started; undefined outside the
 * transcription, without a report, or for a report from before the stage started (an earlier run's).
 */
function engineShare(state: ProcessingState, stepStartMs: number): EngineShare | undefined {
  const progress = state.transcriptionProgress;
  if (state.step !== 'Transcription' || !progress || !(progress.total > 0)) return undefined;
  const startedMs = Date.parse(progress.startedAt), atMs = Date.parse(progress.at);
  if (!(startedMs >= stepStartMs) || !(atMs >= startedMs)) return undefined;
  return {
    share: Math.min(1, progress.done / progress.total), startedAfter: (startedMs - stepStartMs) / 1000, reportedAfter: (atMs - stepStartMs) / 1000,
    startShare: Math.min(1, (progress.startDone ?? 0) / progress.total),
  };
}

/**
 * A readable reason from a Step Functions error: Lambda causes are `{errorType, errorMessage}` JSON,
 * aws-sdk causes end with a `(Service: …)` suffix, a Fail state's cause is plain text.
 */
export function failureReason(error: { Error?: string; Cause?: string } | undefined): string {
  const cause = error?.Cause?.trim() ?? '';
  let message = cause;
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed?.errorMessage === 'string') message = parsed.errorMessage;
  } catch {
    // Not JSON: a plain cause.
  }
  message = message.replace(/\s*\(Service: [^)]*\)\s*$/, '').trim();
  const name = error?.Error ?? 'Error';
  return (message || name).slice(0, 1000);
}
