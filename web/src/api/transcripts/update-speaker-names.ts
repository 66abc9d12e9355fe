/** PUT /api/meetings/{id}/update_speaker_names/ {speakerNames} — host only; the file is rewritten with the names. */
import {
  updateSpeakerNamesRequest, type SpeakerNamesUpdated, type UpdateSpeakerNamesRequest,
} from '@contracts/transcripts.js';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../api-client.js';
import { speakerNamesKey } from './get-speaker-names.js';

export { updateSpeakerNamesRequest };

/** Sends the changed names; answers the names now in force and a link to the rewritten file. Throws ApiError. */
export function updateSpeakerNames(meetingId: string, speakerNames: UpdateSpeakerNamesRequest['speakerNames']): Promise<SpeakerNamesUpdated> {
  return apiRequest<SpeakerNamesUpdated>(`/api/meetings/${encodeURIComponent(meetingId)}/update_speaker_names/`, {
    method: 'PUT', json: updateSpeakerNamesRequest.parse({ speakerNames }),
  });
}

/** Sends the changed names and puts the names now in force into the cached speaker names. The call throws ApiError. */
export function useUpdateSpeakerNames(meetingId: string): (changed: UpdateSpeakerNamesRequest['speakerNames']) => Promise<SpeakerNamesUpdated> {
  const { mutate } = useSWRConfig();
  return useCallback(async (changed: UpdateSpeakerNamesRequest['speakerNames']) => {
    const answer = await updateSpeakerNames(meetingId, changed);
    void mutate(speakerNamesKey(meetingId), { speakerNames: answer.speakerNames, status: 'ready' }, { revalidate: false });
    return answer;
  }, [meetingId, mutate]);
}
