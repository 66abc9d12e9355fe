/**
 * What the host changes in an open transcript: a corrected line (saved, then the lines, word times and notes read
 * again: `useUpdateTranscriptLine`) and speaker names (from the form or an accepted suggestion: the rewritten file is
 * shown at once, `useShowRewrittenTranscript`), with the notice that says it was done.
 */
import { useState } from 'react';
import { errorData } from '../../api/error-messages.js';
import { useShowRewrittenTranscript, type useTranscript } from '../../api/transcripts/get-transcript.js';
import { useUpdateTranscriptLine } from '../../api/transcripts/update-transcript-line.js';
import { TRANSCRIPT_MESSAGES } from './transcript-messages.js';

type TranscriptAnswer = ReturnType<typeof useTranscript>;

export function useTranscriptEdits(meetingId: string, transcript: TranscriptAnswer) {
  const [names, setNames] = useState<string[]>([]);
  const [labelling, setLabelling] = useState(false);
  const [notice, setNotice] = useState<string>();
  const updateLine = useUpdateTranscriptLine(meetingId);
  const showRewritten = useShowRewrittenTranscript(meetingId);

  /** Saves a corrected line; resolves to the refusal's text, or undefined once saved. */
  async function editLine(line: number, text: string): Promise<string | undefined> {
    try {
      await updateLine(line, text);
    } catch (failure) {
      const data = errorData(failure) as { detail?: string; text?: string[]; line?: string[] } | undefined;
      return data?.detail ?? data?.text?.[0] ?? data?.line?.[0] ?? TRANSCRIPT_MESSAGES.editError;
    }
    setNotice(TRANSCRIPT_MESSAGES.lineUpdated);
    return undefined;
  }

  /** The names form saved (the rewritten text is in the cache): the names now in force split the lines. */
  function renamed(speakerNames: Record<string, string>) {
    setNames(Object.values(speakerNames));
    setLabelling(false);
    setNotice(TRANSCRIPT_MESSAGES.updated);
  }

  /** A suggested name was accepted: the rewritten file is read like after the names form (the link again on a failure). */
  async function acceptedName(url: string, speakerNames: Record<string, string>) {
    try {
      await showRewritten(url);
      renamed(speakerNames);
    } catch {
      void transcript.mutate();
    }
  }

  return { names, labelling, setLabelling, notice, setNotice, editLine, renamed, acceptedName };
}
