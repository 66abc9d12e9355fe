/** PUT /api/meetings/{id}/update_speaker_names/ {speakerNames} — host only; the file is rewritten with the names. */
import {
  updateSpeakerNamesRequest, type SpeakerNamesUpdated, type UpdateSpeakerNamesRequest,
} from '@contracts/transcripts.js';
import { apiRequest } from '../api-client.js';

export { updateSpeakerNamesRequest };

/** Sends the changed names; answers the names now in force and a link to the rewritten file. Throws ApiError. */
export function updateSpeakerNames(meetingId: string, speakerNames: UpdateSpeakerNamesRequest['speakerNames']): Promise<SpeakerNamesUpdated> {
  return apiRequest<SpeakerNamesUpdated>(`/api/meetings/${encodeURIComponent(meetingId)}/update_speaker_names/`, {
    method: 'PUT', json: updateSpeakerNamesRequest.parse({ speakerNames }),
  });
}
