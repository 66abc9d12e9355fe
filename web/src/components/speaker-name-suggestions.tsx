/**
 * Names said in the meeting, offered to the host (issue 30): "Speaker 2 may be Sarah — 'I'm Sarah from finance'" with
 * Accept (an ordinary speaker rename) and Dismiss (hidden for this meeting). Shown in the transcript and notes modals,
 * to the host only; nothing is applied without a click. After an accept the notes, sentiment and names are read again.
 */
import { useState } from 'react';
import type { SpeakerNamesUpdated } from '@contracts/transcripts.js';
import { useNameSuggestions, type NameSuggestion } from '../api/transcripts/get-name-suggestions.js';
import { useSpeakerNames } from '../api/transcripts/get-speaker-names.js';
import { useAcceptNameSuggestion, useDismissNameSuggestion } from '../api/transcripts/name-suggestion-answers.js';
import { ErrorMessage } from './message.js';

const NAME_SUGGESTION_MESSAGES = {
  acceptError: 'There was an error updating your speaker names. Please contact support.',
  dismissError: 'The suggestion could not be dismissed. Please try again.',
} as const;

interface SpeakerNameSuggestionsProps {
  meetingId: string;
  /** Only the host sees suggestions (readers never do). */
  enabled: boolean;
  /** After an accept: the names now in force and the rewritten transcript's link. */
  onAccepted?: (answer: SpeakerNamesUpdated) => void;
}

export function SpeakerNameSuggestions({ meetingId, enabled, onAccepted }: SpeakerNameSuggestionsProps) {
  const { data } = useNameSuggestions(meetingId, enabled);
  const { data: names } = useSpeakerNames(meetingId, enabled);
  const acceptNameSuggestion = useAcceptNameSuggestion(meetingId);
  const dismissNameSuggestion = useDismissNameSuggestion(meetingId);
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const suggestions = data?.suggestions ?? [];
  if (!enabled || suggestions.length === 0) return <ErrorMessage>{error}</ErrorMessage>;
  const key = (s: NameSuggestion) => `${s.speaker}\u0000${s.name}`;

  async function accept(s: NameSuggestion) {
    setBusy(key(s));
    setError(undefined);
    try {
      onAccepted?.(await acceptNameSuggestion(s.speaker, s.name));
    } catch {
      setError(NAME_SUGGESTION_MESSAGES.acceptError);
    } finally {
      setBusy(undefined);
    }
  }

  async function dismiss(s: NameSuggestion) {
    setBusy(key(s));
    setError(undefined);
    try {
      await dismissNameSuggestion(s.speaker, s.name);
    } catch {
      setError(NAME_SUGGESTION_MESSAGES.dismissError);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section className="name-suggestions" aria-label="Suggested speaker names">
      <ul>
        {suggestions.map((s) => {
          const now = names?.speakerNames[s.speaker];
          const who = now && now !== s.speaker ? `${s.speaker} (${now})` : s.speaker;
          return (
            <li key={key(s)} className="name-suggestion">
              <span><strong>{who}</strong> may be <strong>{s.name}</strong> — <q>{s.line}</q></span>
              <span className="name-suggestion-actions">
                <button type="button" className="button-primary button-small" disabled={busy !== undefined} onClick={() => void accept(s)}
                  aria-label={`Accept ${s.name} for ${s.speaker}`}>Accept</button>
                <button type="button" className="button-secondary button-small" disabled={busy !== undefined} onClick={() => void dismiss(s)}
                  aria-label={`Dismiss ${s.name} for ${s.speaker}`}>Dismiss</button>
              </span>
            </li>
          );
        })}
      </ul>
      <ErrorMessage>{error}</ErrorMessage>
    </section>
  );
}
