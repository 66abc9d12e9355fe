/**
 * BuildTranscript as a use case: the transcription job's output becomes speaker turns with word timings —
 * transcript.json and speaker_labeled_transcript.txt in artefacts/{id}/, the transcript record with the default
 * speaker names (or the meeting service's, for an import that brought them) — and the run's speech time.
 */
import type { SpeakerCues } from '../speakers/cues.js';
import { nameWordsByCues } from '../speakers/name-by-cues.js';
import { renderTranscriptText } from '../transcripts/format.js';
import { isInaudibleMark } from '../transcripts/inaudible-mark.js';
import { defaultSpeakerNames } from '../transcripts/speaker-names.js';
import { parseTranscribeOutput, type TimedWord } from '../transcripts/transcribe-output.js';
import { buildTurns, speakersOf, speechSeconds, type TranscriptDocument } from '../transcripts/turns.js';
import type { Clock, Logger } from '../ports.js';
import { artefactKeys } from './artefact-keys.js';
import { noWordsReason } from './levelling.js';
import type { ArtefactStore } from './media-ports.js';
import { MIN_SPEECH_SECONDS } from './media-probe.js';
import type { ProcessingStates, StageSpeedRecord, Transcripts } from './ports.js';
import { STEP_PERCENT, stepStarted } from './processing-status.js';
import type { PipelineState, TranscriptResult } from './run-state.js';

export interface BuildTranscriptPorts {
  readonly states: Pick<ProcessingStates, 'findState' | 'patchState'>;
  readonly artefacts: Pick<ArtefactStore, 'head' | 'getText' | 'getJson' | 'putText'>;
  readonly transcripts: Pick<Transcripts, 'saveTranscript'>;
  readonly speeds: Pick<StageSpeedRecord, 'addRun'>;
  readonly clock: Clock;
  readonly log: Pick<Logger, 'warn'>;
}

/** Throws InvalidTranscribeOutput when the job wrote something else. */
export async function buildMeetingTranscript(ports: BuildTranscriptPorts, state: PipelineState): Promise<TranscriptResult> {
  const { meetingId } = state;
  const started = ports.clock();
  // The transcription stage ends as this one starts: its time, measured for the time-left estimates.
  const before = await ports.states.findState(meetingId);
  const transcribed = before?.step === 'Transcription' && before.stepStartedAt ? (started - Date.parse(before.stepStartedAt)) / 1000 : undefined;
  await ports.states.patchState(meetingId, { step: 'BuildTranscript', percent: STEP_PERCENT.BuildTranscript, ...stepStarted(new Date(started)) });
  const words = parseTranscribeOutput(JSON.parse(await ports.artefacts.getText(state.audio?.outputKey ?? artefactKeys.transcribeOutput(meetingId))));
  const { turns, speakers, names } = await namedTurns(ports, meetingId, words);
  const document: TranscriptDocument = { version: 1, meetingId, durationSeconds: state.media?.durationSeconds ?? null, speakers, turns };
  const jsonKey = artefactKeys.transcript(meetingId);
  const textKey = artefactKeys.transcriptText(meetingId);
  await ports.artefacts.putText(jsonKey, JSON.stringify(document), 'application/json');
  await ports.artefacts.putText(textKey, renderTranscriptText(turns, names), 'text/plain; charset=utf-8');
  await ports.transcripts.saveTranscript(meetingId, { jsonKey, textKey, speakers, speakerNames: names, createdAt: new Date(ports.clock()).toISOString() });

  const speech = Math.round(speechSeconds(turns) * 10) / 10;
  // Never silently empty (issue 31): a transcript without a word says why (levelling.ts noWordsReason).
  const said = words.filter((w) => !isInaudibleMark(w.text)).length;
  await ports.states.patchState(meetingId, {
    speechSeconds: speech, tooShort: Boolean(state.media?.tooShort) || speech < MIN_SPEECH_SECONDS,
    noWordsReason: said === 0 ? noWordsReason(state.audio?.level, words.length) : null,
    'artefacts.transcript': 'ready', updatedAt: new Date(ports.clock()).toISOString(),
  });
  if (state.media?.durationSeconds) {
    await ports.speeds.addRun(state.media.durationSeconds, {
      ExtractAudio: before?.stageSeconds?.ExtractAudio, Transcription: transcribed, BuildTranscript: (ports.clock() - started) / 1000,
    }).catch((error: unknown) => ports.log.warn('Could not record the stage speeds', { meetingId, error: (error as Error).message }));
  }
  return { jsonKey, textKey, turns: turns.length, speakers: speakers.length, speechSeconds: speech };
}

/** The turns and speaker names: an imported recording may come with the service's own names (stored by the import; docs/speech.md). */
async function namedTurns(ports: Pick<BuildTranscriptPorts, 'artefacts'>, meetingId: string, words: TimedWord[]) {
  const cuesKey = artefactKeys.speakerCues(meetingId);
  const cues = (await ports.artefacts.head(cuesKey)) ? await ports.artefacts.getJson<SpeakerCues>(cuesKey) : undefined;
  const named = cues?.version === 1 && Array.isArray(cues.cues) ? nameWordsByCues(words, cues) : undefined;
  const turns = buildTurns(named?.words ?? words);
  const speakers = speakersOf(turns);
  const given = Object.entries(named?.names ?? {}).filter(([label]) => speakers.includes(label));
  return { turns, speakers, names: { ...defaultSpeakerNames(speakers), ...Object.fromEntries(given) } };
}
