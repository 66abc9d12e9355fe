/**
 * What the host changes in an open transcript: a corrected line (saved, then the lines, word times and notes read
 * again) and speaker names (from the form or an accepted suggestion: the rewritten file is shown at once), with the
 * notice that says it was done.
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { notesKey } from '../../api/insights/get-notes.js';
import { errorData } from '../../api/error-messages.js';
import { fetchTranscriptFile, useTranscript } from '../../api/transcripts/get-transcript.js';
import { updateTranscriptLine } from '../../api/transcripts/update-transcript-line.js';
import { TRANSCRIPT_MESSAGES } from './transcript-messages.js';

type TranscriptAnswer = ReturnType<typeof useTranscript>;

export function useTranscriptEdits(meetingId: string, transcript: TranscriptAnswer, refreshWords: () => Promise<unknown>) {
  const [names, setNames] = useState<string[]>([]);
  const [labelling, setLabelling] = useState(false);
  const [notice, setNotice] = useState<string>();
  const { mutate: mutateCache } = useSWRConfig();

  /** Saves a corrected line; resolves to the refusal's text, or undefined once saved. */
  async function editLine(line: number, text: string): Promise<string | undefined> {
    try {
      await updateTranscriptLine(meetingId, line, text);
    } catch (failure) {
      const data = errorData(failure) as { detail?: string; text?: string[]; line?: string[] } | undefined;
      return data?.detail ?? data?.text?.[0] ?? data?.line?.[0] ?? TRANSCRIPT_MESSAGES.editError;
    }
    // The notes now carry `transcript_edited_at`: read them again so the notes modal offers to regenerate them.
    await Promise.allSettled([transcript.mutate(), refreshWords(), mutateCache(notesKey(meetingId))]);
    setNotice(TRANSCRIPT_MESSAGES.lineUpdated);
    return undefined;
  }

  /** The names form saved: the rewritten text is shown as is. */
  function renamed(text: string, speakerNames: Record<string, string>) {
    void transcript.mutate({ status: 'ready', reason: null, text }, { revalidate: false });
    setNames(Object.values(speakerNames));
    setLabelling(false);
    setNotice(TRANSCRIPT_MESSAGES.updated);
  }

  /** A suggested name was accepted: the rewritten file is read like after the names form. */
  async function acceptedName(url: string, speakerNames: Record<string, string>) {
    try {
      renamed(await fetchTranscriptFile(url), speakerNames);
    } catch {
      void transcript.mutate();
    }
  }

  return { names, labelling, setLabelling, notice, setNotice, editLine, renamed, acceptedName };
}
