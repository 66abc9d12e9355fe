/** How a meeting's processing status (docs/pipeline.md, `processing` on a meeting) reads in the list row. */
import { UPLOAD_PLACEHOLDER_NAME, type MeetingView } from '@contracts/meetings.js';
import type { ProcessingView } from '@contracts/processing.js';

/** A meeting still under the upload placeholder name with no recording: the upload is running in some tab, or was abandoned. */
export const UPLOAD_UNFINISHED = 'Upload not finished. If it was interrupted, delete this meeting and upload the recording again.';

export type ProcessingTone = 'pending' | 'ready' | 'failed';

export interface ProcessingLabel {
  text: string;
  tone: ProcessingTone;
  /** 0–100 while running and known (the progress bar). */
  percent?: number;
}

/** `about 3 min left`, `about 40 s left`, `about 1 h 5 min left`. */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(5, Math.round(seconds / 5) * 5)} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/**
 * 'Queued for processing', 'Transcribing the speech… 40 % · about 6 min left' (the stage the pipeline reports,
 * 'Processing… 40 %' from a server without stages), 'Transcript ready' or 'Failed: reason'.
 */
export function processingLabel(view: ProcessingView): ProcessingLabel {
  if (view.status === 'failed') return { text: `Failed: ${view.reason ?? 'unknown error'}`, tone: 'failed' };
  if (view.status === 'ready' || view.transcript === 'ready') {
    if (view.no_words_reason) return { text: view.no_words_reason, tone: 'ready' };
    return { text: view.too_short ? 'Transcript ready (under 30 s of speech)' : 'Transcript ready', tone: 'ready' };
  }
  if (view.status === 'queued') return { text: view.reason ?? 'Queued for processing', tone: 'pending' };
  const stage = view.stage ?? 'Processing';
  if (view.percent === null) return { text: `${stage}…`, tone: 'pending' };
  const left = view.seconds_left != null ? ` · ${formatTimeLeft(view.seconds_left)}` : '';
  return { text: `${stage}… ${view.percent} %${left}`, tone: 'pending', percent: view.percent };
}

/** The percent a row last showed, and for which step of the run. */
export interface ShownPercent { readonly step: string | null; readonly percent: number }

/**
 * The percent to show now: within one step never less than what was shown (the estimate behind it is remade at every
 * poll, and a longer projection would move the bar back a point or two); a new step — the next stage, or a new run —
 * shows its own.
 */
export function steadyPercent(shown: ShownPercent | undefined, step: string | null, percent: number): number {
  return shown && shown.step === step ? Math.max(shown.percent, percent) : percent;
}

/** Still the upload's placeholder (step 2 of upload-flow) with no recording and no processing: the upload has not (or never) finished. */
export function isUnfinishedUpload(meeting: MeetingView): boolean {
  return meeting.name === UPLOAD_PLACEHOLDER_NAME && !meeting.recording_available && !meeting.processing;
}
