/** How a meeting's processing is reported with the meeting (`processing` in GET meetings/ and GET meetings/{id}/). */
export type ArtefactStatus = 'queued' | 'processing' | 'ready' | 'failed';

/** The state machine steps a status can name (the ASL state names; Transcription covers Start/Wait/Get). */
export type PipelineStep = 'StartProcessing' | 'ProbeMedia' | 'ExtractAudio' | 'Transcription' | 'BuildTranscript' | 'Finalize';

/** Absent from a meeting that was never processed. */
export interface ProcessingView {
  /** Of the whole run. */
  status: ArtefactStatus;
  /** The step running now, or the one that failed. */
  step: PipelineStep | null;
  /** Progress (0–100) where known, estimated within the running stage (see stage); null after a failure. */
  percent: number | null;
  /** The running stage in words ('Transcribing the speech'); null once ready or failed. */
  stage?: string | null;
  /** Estimated seconds until the transcript is ready; null once ready or failed. */
  seconds_left?: number | null;
  /** Why it failed, in words for the user. */
  reason: string | null;
  /** Under 30 s of speech: notes and sentiments are unreliable (spec §1). */
  too_short: boolean;
  /** The transcript is ready but has no words: why, in words for the host ("No words: the recording is silent …"); null otherwise. */
  no_words_reason?: string | null;
  duration_seconds: number | null;
  minutes_charged: number | null;
  /** Per artefact. */
  transcript: ArtefactStatus;
  updated_at: string;
}
