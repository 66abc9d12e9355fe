import type { SentenceEmbedder } from '../embeddings/model.js';
import type { MeetingsRepository } from '../meetings/model.js';
import type { SpeakerNames } from '../transcripts/speaker-names.js';
import type { TranscriptDocument } from '../transcripts/turns.js';
import type { PassageIndex } from './model.js';
import { displayLabel, nameOf } from '../speakers/resolve-names.js';
import { speechPassages, type TimedTurn } from './passages.js';
import { embedSpeechPassages } from './vectors.js';

export interface PassageIndexingPorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly transcripts: { findTranscript(meetingId: string): Promise<{ jsonKey: string; speakerNames: SpeakerNames } | undefined> };
  readonly files: { getText(key: string): Promise<string> };
  readonly passages: Pick<PassageIndex, 'replacePassages' | 'removePassages'>;
  readonly embedder: Pick<SentenceEmbedder, 'embed'>;
}

/** The transcript's turns with the speakers' current names (a renamed speaker is found by the new name). */
export const namedTurns = (document: Pick<TranscriptDocument, 'turns'>, names: SpeakerNames): TimedTurn[] =>
  document.turns.map((t) => ({
    speaker: Object.hasOwn(names, displayLabel(t.speakerLabel)) ? nameOf(names, t.speakerLabel) : t.speaker, text: t.text, start: t.start, end: t.end,
  }));

/**
 * (Re)indexes a meeting's speech passages from its stored transcript and speaker names: after the
 * transcript is built or imported, after a line is corrected and after speakers are renamed. A meeting
 * gone since has its passages removed. Returns the passage count (0 without a transcript).
 */
export async function indexMeetingPassages(ports: PassageIndexingPorts, meetingId: string): Promise<number> {
  if (!(await ports.meetings.find(meetingId))) {
    await ports.passages.removePassages(meetingId);
    return 0;
  }
  const stored = await ports.transcripts.findTranscript(meetingId);
  if (!stored) return 0;
  const document = JSON.parse(await ports.files.getText(stored.jsonKey)) as TranscriptDocument;
  const turns = namedTurns(document, stored.speakerNames);
  const passages = await embedSpeechPassages(ports.embedder, turns.map((t) => t.text), speechPassages(meetingId, turns));
  await ports.passages.replacePassages(meetingId, 'speech', passages);
  return passages.length;
}
