/**
 * The host's answers to a suggested speaker name (issue 30), as hooks that refresh what they make stale: accepting is an
 * ordinary rename (PUT update_speaker_names, `update-speaker-names.ts`), dismissing hides it (`dismiss-name-suggestion.ts`).
 * Apart from the two calls so that the screens loading a call do not load the caches a suggestion's answer refreshes.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { SpeakerNamesUpdated } from '@contracts/transcripts.js';
import { notesKey } from '../insights/get-notes.js';
import { sentimentsKey } from '../insights/get-sentiments.js';
import { dismissNameSuggestion } from './dismiss-name-suggestion.js';
import { nameOptionsKey } from './get-name-options.js';
import { nameSuggestionsKey } from './get-name-suggestions.js';
import { speakerNamesKey } from './get-speaker-names.js';
import { updateSpeakerNames } from './update-speaker-names.js';

/**
 * Gives `speaker` the suggested `name`, puts the names now in force into the cache, then reads again what is written under
 * the names: the suggestions, the notes, the sentiment series and the name options. Answers the call's answer; throws ApiError.
 */
export function useAcceptNameSuggestion(meetingId: string): (speaker: string, name: string) => Promise<SpeakerNamesUpdated> {
  const { mutate } = useSWRConfig();
  return useCallback(async (speaker: string, name: string) => {
    const answer = await updateSpeakerNames(meetingId, { [speaker]: name });
    await mutate(speakerNamesKey(meetingId), { speakerNames: answer.speakerNames, status: 'ready' }, { revalidate: false });
    const stale = [nameSuggestionsKey(meetingId), notesKey(meetingId), sentimentsKey(meetingId), nameOptionsKey(meetingId)];
    await Promise.allSettled(stale.map((key) => mutate(key)));
    return answer;
  }, [meetingId, mutate]);
}

/** Dismisses a suggestion and puts the suggestions left into the cache. The call throws ApiError. */
export function useDismissNameSuggestion(meetingId: string): (speaker: string, name: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async (speaker: string, name: string) => {
    await mutate(nameSuggestionsKey(meetingId), await dismissNameSuggestion(meetingId, speaker, name), { revalidate: false });
  }, [meetingId, mutate]);
}
