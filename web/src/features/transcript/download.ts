/**
 * Download of speaker_labeled_transcript.txt (spec §7) or its .srt/.vtt/.json rendering: a fresh link, the file
 * fetched from it, saved via a Blob link so the user stays in the app.
 */
import { fetchTranscriptFile, getTranscriptLink, type TranscriptFormat } from '../../api/transcripts/get-transcript.js';
import { TRANSCRIPT_MESSAGES } from './transcript-messages.js';

/** What the format menu offers, with the saved file's name and type. */
export const TRANSCRIPT_DOWNLOADS: ReadonlyArray<{ format: TranscriptFormat; label: string; fileName: string; type: string }> = [
  { format: 'txt', label: 'Text (.txt)', fileName: 'speaker_labeled_transcript.txt', type: 'text/plain;charset=utf-8' },
  { format: 'srt', label: 'Subtitles (.srt)', fileName: 'speaker_labeled_transcript.srt', type: 'application/x-subrip;charset=utf-8' },
  { format: 'vtt', label: 'WebVTT subtitles (.vtt)', fileName: 'speaker_labeled_transcript.vtt', type: 'text/vtt;charset=utf-8' },
  { format: 'json', label: 'JSON with word times (.json)', fileName: 'speaker_labeled_transcript.json', type: 'application/json;charset=utf-8' },
];

/** Makes the browser save `text` as `fileName` (an object URL on a temporary link, released afterwards). */
export function saveTextFile(text: string, fileName: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
export async function downloadTranscript(meetingId: string, format: TranscriptFormat = 'txt'): Promise<string | undefined> {
  const file = TRANSCRIPT_DOWNLOADS.find((d) => d.format === format) ?? TRANSCRIPT_DOWNLOADS[0]!;
  let url: string | null;
  try {
    url = (await getTranscriptLink(meetingId, format)).url;
  } catch {
    return TRANSCRIPT_MESSAGES.downloadProblem;
  }
  if (!url) return TRANSCRIPT_MESSAGES.notReady;
  try {
    saveTextFile(await fetchTranscriptFile(url), file.fileName, file.type);
    return undefined;
  } catch {
    return TRANSCRIPT_MESSAGES.downloadError;
  }
}
