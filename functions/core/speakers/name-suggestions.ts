/**
 * GET meetings/{id}/speaker_name_suggestions/ (ours, issue 30): the names said in the meeting, for the host to
 * accept (an ordinary update_speaker_names) or dismiss. Computed from the transcript on each call; nothing is stored.
 */
import type { NameSuggestionsAnswer } from '../../contracts/transcripts.js';
import { loadForWrite, type Caller } from '../meetings/access.js';
import type { TranscriptPorts } from '../transcripts/transcript-access.js';
import type { TranscriptDocument } from '../transcripts/turns.js';
import { suggestSpeakerNames } from './introductions.js';

/** The suggestions for the host (403 for a participant, 404 for others); none until the transcript is ready. */
export async function speakerNameSuggestions(
  ports: Pick<TranscriptPorts, 'meetings' | 'transcripts' | 'files'>, caller: Caller, meetingId: string,
): Promise<NameSuggestionsAnswer> {
  await loadForWrite(ports.meetings, meetingId, caller);
  const stored = await ports.transcripts.findTranscript(meetingId);
  if (!stored) return { suggestions: [] };
  const document = JSON.parse(await ports.files.getText(stored.jsonKey)) as TranscriptDocument;
  return { suggestions: suggestSpeakerNames(document.turns, stored.speakerNames) };
}
