/**
 * GET meetings/{id}/speaker_name_suggestions/ (ours, issue 30): the names said in the meeting, for the host to
 * accept (an ordinary update_speaker_names) or dismiss (PUT dismiss_speaker_name_suggestion/, kept with the meeting's
 * transcript). Computed from the transcript on each call. GET speaker_name_options/: the names offered when renaming.
 */
import type { NameOptionsAnswer, NameSuggestionsAnswer } from '../../contracts/transcripts.js';
import { loadForWrite, type Caller } from '../meetings/access.js';
import type { TranscriptPorts } from '../transcripts/transcript-access.js';
import type { TranscriptDocument } from '../transcripts/turns.js';
import { suggestSpeakerNames } from './introductions.js';
import { DISMISSED_MAX, nameOptions, withoutDismissed, type DismissedSuggestion, type NameChoicesStore } from './name-choices.js';

type SuggestionPorts = Pick<TranscriptPorts, 'meetings' | 'transcripts' | 'files'> & { readonly nameChoices?: NameChoicesStore };

/** The suggestions for the host, less the dismissed ones (403 for a participant, 404 for others); none until the transcript is ready. */
export async function speakerNameSuggestions(ports: SuggestionPorts, caller: Caller, meetingId: string): Promise<NameSuggestionsAnswer> {
  await loadForWrite(ports.meetings, meetingId, caller);
  const stored = await ports.transcripts.findTranscript(meetingId);
  if (!stored) return { suggestions: [] };
  const document = JSON.parse(await ports.files.getText(stored.jsonKey)) as TranscriptDocument;
  const dismissed = (await ports.nameChoices?.dismissed(meetingId)) ?? [];
  const fresh = suggestSpeakerNames(document.turns, stored.speakerNames).filter((s) => !alreadyCalled(stored.speakerNames[s.speaker], s.name));
  return { suggestions: withoutDismissed(fresh, dismissed) };
}

/** A speaker named "Raj Patel" needs no suggestion "Raj": the name said is one of the words of the name it has. */
function alreadyCalled(current: string | undefined, said: string): boolean {
  const words = (current ?? '').toLowerCase().split(/\s+/);
  return said.toLowerCase().split(/\s+/).every((w) => words.includes(w));
}

/**
 * Host only: hides one suggestion for this meeting (kept with its transcript, gone with it or with a new recording);
 * answers the suggestions left. Dismissing one that is not shown changes nothing. Throws NotFound, Forbidden.
 */
export async function dismissNameSuggestion(
  ports: SuggestionPorts & { readonly nameChoices: NameChoicesStore }, caller: Caller, meetingId: string, suggestion: DismissedSuggestion,
): Promise<NameSuggestionsAnswer> {
  const before = await speakerNameSuggestions(ports, caller, meetingId);
  const shown = before.suggestions.some((s) => withoutDismissed([s], [suggestion]).length === 0);
  if (!shown) return before;
  const dismissed = await ports.nameChoices.dismissed(meetingId);
  await ports.nameChoices.saveDismissed(meetingId, [...dismissed, { speaker: suggestion.speaker, name: suggestion.name }].slice(-DISMISSED_MAX));
  return { suggestions: withoutDismissed(before.suggestions, [suggestion]) };
}

/**
 * Host only: the names to pick from when renaming a speaker of this meeting: the meeting's own (its speakers' names,
 * its attendees') then the host's recently typed ones, most recent first. Throws NotFound, Forbidden.
 */
export async function speakerNameOptions(
  ports: SuggestionPorts & { readonly nameChoices: NameChoicesStore }, caller: Caller, meetingId: string,
): Promise<NameOptionsAnswer> {
  const aggregate = await loadForWrite(ports.meetings, meetingId, caller);
  const stored = await ports.transcripts.findTranscript(meetingId);
  const meetingNames = [...Object.values(stored?.speakerNames ?? {}), ...aggregate.attendees.map((a) => a.name)];
  return { names: nameOptions(meetingNames, await ports.nameChoices.recentNames(caller.userId)) };
}
