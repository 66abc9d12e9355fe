/**
 * The state machine's transcript branch (docs/pipeline.md "Transcript imports"): the run an imported transcript starts,
 * claimed once like an upload (keyed by the file's hash instead of an ETag), and the step that makes the stored
 * document the meeting's transcript, as BuildTranscript does for a recording. No minutes are charged.
 */
import type { MeetingsRepository } from '../meetings/model.js';
import type { Clock } from '../ports.js';
import { renderTranscriptText } from '../transcripts/format.js';
import { defaultSpeakerNames } from '../transcripts/speaker-names.js';
import { speechSeconds, type TranscriptDocument } from '../transcripts/turns.js';
import { MIN_SPEECH_SECONDS } from './media-probe.js';
import type { ProcessingStates, RunClaims, Transcripts } from './ports.js';
import { queuedState, STEP_PERCENT, stepStarted } from './processing-status.js';
import type { ClaimOutcome } from './run-rules.js';
import { InvalidProcessingTrigger } from './upload-trigger.js';

const MEETING_ID = /^[A-Za-z0-9_-]{1,64}$/;
const IMPORT_ID = /^[0-9a-f]{8,64}$/;

/** `{source: 'transcript', meetingId, importId}` (the import call's execution input). Throws InvalidProcessingTrigger. */
export function parseTranscriptImportTrigger(input: unknown): { meetingId: string; importId: string } {
  const trigger = input as { source?: unknown; meetingId?: unknown; importId?: unknown } | null;
  if (trigger?.source !== 'transcript' || typeof trigger.meetingId !== 'string' || !MEETING_ID.test(trigger.meetingId)
    || typeof trigger.importId !== 'string' || !IMPORT_ID.test(trigger.importId)) {
    throw new InvalidProcessingTrigger('Expected {source: "transcript", meetingId, importId}');
  }
  return { meetingId: trigger.meetingId, importId: trigger.importId };
}

export interface ImportClaimPorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly claims: Pick<RunClaims, 'claimRun'>;
  readonly states: Pick<ProcessingStates, 'resetState'>;
  readonly clock: Clock;
}

/**
 * Claims an imported transcript for this execution (a deleted meeting is not processed; a second execution for the
 * same file ends quietly). Never waits for minutes: an import charges none. The claimed run starts from a queued state.
 */
export async function claimTranscriptImport(
  ports: ImportClaimPorts, run: { meetingId: string; importId: string; executionId: string; key: string },
): Promise<Exclude<ClaimOutcome, { outcome: 'waiting_for_minutes' }>> {
  if (!await ports.meetings.find(run.meetingId)) return { outcome: 'meeting_not_found', attempt: 0 };
  const now = new Date(ports.clock()).toISOString();
  const claim = await ports.claims.claimRun(run.meetingId, run.importId, run.executionId, now);
  if (!claim.claimed) return { outcome: 'already_processing', attempt: claim.attempt };
  await ports.states.resetState(run.meetingId, { ...queuedState(run.key, run.importId, now), minutesCharged: 0 });
  return { outcome: 'claimed', attempt: claim.attempt };
}

export interface RegisterPorts {
  readonly states: Pick<ProcessingStates, 'patchState'>;
  readonly transcripts: Pick<Transcripts, 'saveTranscript'>;
  readonly artefacts: { getText(key: string): Promise<string>; putText(key: string, text: string, contentType: string): Promise<void> };
  readonly clock: Clock;
}

/**
 * Makes the imported document at `jsonKey` the meeting's transcript: the txt beside it, the transcript item with the
 * file's speaker names (as if the host had typed them), the transcript ready with no minutes charged. Idempotent.
 */
export async function registerImportedTranscript(ports: RegisterPorts, meetingId: string, jsonKey: string, textKey: string) {
  const started = stepStarted(new Date(ports.clock()));
  await ports.states.patchState(meetingId, { status: 'processing', step: 'BuildTranscript', percent: STEP_PERCENT.BuildTranscript, ...started });
  const document = JSON.parse(await ports.artefacts.getText(jsonKey)) as TranscriptDocument;
  const names = { ...defaultSpeakerNames(document.speakers), ...document.importedSpeakerNames };
  await ports.artefacts.putText(textKey, renderTranscriptText(document.turns, names), 'text/plain; charset=utf-8');
  await ports.transcripts.saveTranscript(meetingId, { jsonKey, textKey, speakers: document.speakers, speakerNames: names, createdAt: started.updatedAt });
  const speech = Math.round(speechSeconds(document.turns) * 10) / 10;
  await ports.states.patchState(meetingId, {
    durationSeconds: document.durationSeconds, speechSeconds: speech, tooShort: speech < MIN_SPEECH_SECONDS, minutesCharged: 0,
    'artefacts.transcript': 'ready', updatedAt: new Date(ports.clock()).toISOString(),
  });
  return { jsonKey, textKey, turns: document.turns.length, speakers: document.speakers.length, speechSeconds: speech };
}
