import { artefactKeys } from '../../core/pipeline/artefact-keys.js';
import { noWordsReason as whyNoWords } from '../../core/pipeline/levelling.js';
import { MIN_SPEECH_SECONDS } from '../../core/pipeline/media-probe.js';
import { isInaudibleMark } from '../../core/transcripts/inaudible-mark.js';
import { STEP_PERCENT, stepStarted } from '../../core/pipeline/processing-status.js';
import { renderTranscriptText } from '../../core/transcripts/format.js';
import { logger } from '../../adapters/logging/logger.js';
import { defaultSpeakerNames } from '../../core/transcripts/speaker-names.js';
import { parseTranscribeOutput } from '../../core/transcripts/transcribe-output.js';
import type { SpeakerCues } from '../../core/speakers/cues.js';
import { nameWordsByCues } from '../../core/speakers/name-by-cues.js';
import { buildTurns, speakersOf, speechSeconds, type TranscriptDocument } from '../../core/transcripts/turns.js';
import { pipelineContext, type PipelineState, type TranscriptResult } from '../../wiring/pipeline.js';

const ctx = pipelineContext();

/**
 * Turns the transcription job's output into speaker turns with word timings: transcript.json and
 * speaker_labeled_transcript.txt in artefacts/{id}/, the pointer and default speaker names in DynamoDB.
 * Throws InvalidTranscribeOutput when the job wrote something else.
 */
export const handler = async (state: PipelineState): Promise<TranscriptResult> => {
  const { meetingId } = state;
  const started = Date.now();
  // The transcription stage ends as this one starts: its time, measured for the time-left estimates.
  const before = await ctx.states.findState(meetingId);
  const transcribed = before?.step === 'Transcription' && before.stepStartedAt ? (started - Date.parse(before.stepStartedAt)) / 1000 : undefined;
  await ctx.states.patchState(meetingId, { step: 'BuildTranscript', percent: STEP_PERCENT.BuildTranscript, ...stepStarted() });
  const outputKey = state.audio?.outputKey ?? artefactKeys.transcribeOutput(meetingId);
  const words = parseTranscribeOutput(JSON.parse(await ctx.artefacts.getText(outputKey)));
  // An imported recording may come with the service's own speaker names (stored by the import; docs/speech.md).
  const cuesKey = artefactKeys.speakerCues(meetingId);
  const cues = (await ctx.artefacts.head(cuesKey)) ? await ctx.artefacts.getJson<SpeakerCues>(cuesKey) : undefined;
  const named = cues?.version === 1 && Array.isArray(cues.cues) ? nameWordsByCues(words, cues) : undefined;
  const turns = buildTurns(named?.words ?? words);
  const speakers = speakersOf(turns);
  const document: TranscriptDocument = { version: 1, meetingId, durationSeconds: state.media?.durationSeconds ?? null, speakers, turns };
  const jsonKey = artefactKeys.transcript(meetingId);
  const textKey = artefactKeys.transcriptText(meetingId);
  const names = { ...defaultSpeakerNames(speakers), ...Object.fromEntries(Object.entries(named?.names ?? {}).filter(([label]) => speakers.includes(label))) };
  await ctx.artefacts.putText(jsonKey, JSON.stringify(document), 'application/json');
  await ctx.artefacts.putText(textKey, renderTranscriptText(turns, names), 'text/plain; charset=utf-8');
  await ctx.transcripts.saveTranscript(meetingId, { jsonKey, textKey, speakers, speakerNames: names, createdAt: new Date().toISOString() });

  const speech = Math.round(speechSeconds(turns) * 10) / 10;
  // Never silently empty (issue 31): a transcript without a word says why (levelling.ts noWordsReason).
  const said = words.filter((w) => !isInaudibleMark(w.text)).length;
  const noWordsReason = said === 0 ? whyNoWords(state.audio?.level, words.length) : null;
  await ctx.states.patchState(meetingId, {
    speechSeconds: speech, tooShort: Boolean(state.media?.tooShort) || speech < MIN_SPEECH_SECONDS, noWordsReason,
    'artefacts.transcript': 'ready', updatedAt: new Date().toISOString(),
  });
  if (state.media?.durationSeconds) {
    await ctx.speeds.addRun(state.media.durationSeconds, {
      ExtractAudio: before?.stageSeconds?.ExtractAudio, Transcription: transcribed, BuildTranscript: (Date.now() - started) / 1000,
    }).catch((error: unknown) => logger.warn('Could not record the stage speeds', { meetingId, error: (error as Error).message }));
  }
  return { jsonKey, textKey, turns: turns.length, speakers: speakers.length, speechSeconds: speech };
};
