/**
 * Processing status of a meeting, kept on the meeting item while the state machine runs and shown
 * with the meeting (`processing` in GET meetings/ and GET meetings/{id}/).
 */
import type { ArtefactStatus, PipelineStep, ProcessingView } from '../../contracts/processing.js';

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
}

/** Progress shown when a step starts; transcription has no progress of its own, so it holds its start value. */
export const STEP_PERCENT: Readonly<Record<PipelineStep, number>> = {
  StartProcessing: 0, ProbeMedia: 5, ExtractAudio: 10, Transcription: 20, BuildTranscript: 90, Finalize: 95,
};

/** The status of a run that has just been claimed. */
export function queuedState(uploadKey: string, uploadEtag: string, now: string): ProcessingState {
  return {
    status: 'queued', step: 'StartProcessing', percent: 0, reason: null, uploadKey, uploadEtag,
    durationSeconds: null, speechSeconds: null, tooShort: false, minutesCharged: null,
    artefacts: { transcript: 'queued' }, updatedAt: now,
  };
}

/** The stored state as the API shows it; undefined when the meeting was never processed. */
export function toProcessingView(state: ProcessingState | null | undefined): ProcessingView | undefined {
  if (!state) return undefined;
  return {
    status: state.status, step: state.step, percent: state.percent, reason: state.reason, too_short: state.tooShort,
    duration_seconds: state.durationSeconds, minutes_charged: state.minutesCharged,
    transcript: state.artefacts?.transcript ?? 'queued', updated_at: state.updatedAt,
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
