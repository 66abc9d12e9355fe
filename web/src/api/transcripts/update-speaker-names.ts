/** PUT /api/meetings/{id}/update_speaker_names/ {speakerNames} — host only; the file is rewritten with the names. */
import {
  updateSpeakerNamesRequest, type SpeakerNamesUpdated, type UpdateSpeakerNamesRequest,
} from '@contracts/transcripts.js';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../api-client.js';
import { notesKey } from '../insights/get-notes.js';
import { sentimentsKey } from '../insights/get-sentiments.js';
import { nameOptionsKey } from './get-name-options.js';
import { nameSuggestionsKey } from './get-name-suggestions.js';
import { speakerNamesKey } from './get-speaker-names.js';

export { updateSpeakerNamesRequest };

/** Sends the changed names; answers the names now in force and a link to the rewritten file. Throws ApiError. */
export function updateSpeakerNames(meetingId: string, speakerNames: UpdateSpeakerNamesRequest['speakerNames']): Promise<SpeakerNamesUpdated> {
  return apiRequest<SpeakerNamesUpdated>(`/api/meetings/${encodeURIComponent(meetingId)}/update_speaker_names/`, {
    method: 'PUT', json: updateSpeakerNamesRequest.parse({ speakerNames }),
  });
}

/**
 * Renames speakers, puts the names now in force into the cache, then reads again what is written under the names: the
 * suggestions, the notes, the sentiment series and the name options. Answers the call's answer; throws ApiError.
 */
export function useUpdateSpeakerNames(meetingId: string): (speakerNames: UpdateSpeakerNamesRequest['speakerNames']) => Promise<SpeakerNamesUpdated> {
  const { mutate } = useSWRConfig();
  return useCallback(async (speakerNames: UpdateSpeakerNamesRequest['speakerNames']) => {
    const answer = await updateSpeakerNames(meetingId, speakerNames);
    await mutate(speakerNamesKey(meetingId), { speakerNames: answer.speakerNames, status: 'ready' }, { revalidate: false });
    const stale = [nameSuggestionsKey(meetingId), notesKey(meetingId), sentimentsKey(meetingId), nameOptionsKey(meetingId)];
    await Promise.allSettled(stale.map((key) => mutate(key)));
    return answer;
  }, [meetingId, mutate]);
}
