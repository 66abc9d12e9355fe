/** The host's "Regenerate notes" (after renaming speakers or correcting the transcript): the call and its outcome. */
import { useState } from 'react';
import { INSIGHTS_MESSAGES } from '@contracts/insights.js';
import { errorField } from '../../api/error-messages.js';
import { useRegenerateNotes } from '../../api/insights/regenerate-notes.js';
import type { Outcome } from '../../components/message.js';

export function useNotesRegenerate(meetingId: string) {
  const regenerateNotes = useRegenerateNotes(meetingId);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const regenerate = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      await regenerateNotes();
      setOutcome({ ok: true, text: INSIGHTS_MESSAGES.notesRegenerated });
    } catch (failure) {
      setOutcome({ ok: false, text: errorField(failure, 'detail') ?? INSIGHTS_MESSAGES.notesRegenerateFailed });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, regenerate };
}

export type NotesRegenerate = ReturnType<typeof useNotesRegenerate>;
