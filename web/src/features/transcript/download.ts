/** Download of speaker_labeled_transcript.txt (spec §7): a fresh link, the file fetched from it, saved via a Blob link. */
import { fetchTranscriptFile, getTranscriptLink } from '../../api/transcripts/get-transcript.js';
import { TRANSCRIPT_MESSAGES } from './transcript-messages.js';
import { TRANSCRIPT_FILE_NAME } from './transcript-text.js';

/** Makes the browser save `text` as `fileName` (an object URL on a temporary link, released afterwards). */
export function saveTextFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the meeting's transcript; resolves to the §8 text of what went wrong, or undefined. Never throws. */
export async function downloadTranscript(meetingId: string): Promise<string | undefined> {
  let url: string | null;
  try {
    url = (await getTranscriptLink(meetingId)).url;
  } catch {
    return TRANSCRIPT_MESSAGES.downloadProblem;
  }
  if (!url) return TRANSCRIPT_MESSAGES.notReady;
  try {
    saveTextFile(await fetchTranscriptFile(url), TRANSCRIPT_FILE_NAME);
    return undefined;
  } catch {
    return TRANSCRIPT_MESSAGES.downloadError;
  }
}
