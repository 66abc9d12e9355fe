/**
 * Labelling speaker names (spec §5, host only): one required input per speaker. Unchanged names are
 * refused with 'Please edit the speaker names before clicking Update.'; after an update the rewritten
 * transcript is fetched into the cache (the hooks of api/transcripts). Each field offers the meeting's names and the
 * host's recent ones (issue 30).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/api-client.js';
import { firstMessage } from '../../../api/error-messages.js';
import { useShowRewrittenTranscript } from '../../../api/transcripts/get-transcript.js';
import { useSpeakerNames } from '../../../api/transcripts/get-speaker-names.js';
import { useNameOptions } from '../../../api/transcripts/get-name-options.js';
import { useUpdateSpeakerNames } from '../../../api/transcripts/update-speaker-names.js';
import { ErrorMessage } from '../../../components/message.js';
import { TextField } from '../../../components/text-field.js';
import { changedSpeakerNames, orderedLabels, SPEAKER_NAME_MAX, speakerNamesProblem } from '../speaker-names-rules.js';
import { TRANSCRIPT_MESSAGES } from '../transcript-messages.js';

interface SpeakerNamesFormProps {
  meetingId: string;
  /** Called with the names now in force once the rewritten file is in the cached transcript. */
  onUpdated: (names: Record<string, string>) => void;
  onCancel: () => void;
}

function updateFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    return firstMessage(error.data) === TRANSCRIPT_MESSAGES.unchanged ? TRANSCRIPT_MESSAGES.unchanged : TRANSCRIPT_MESSAGES.updateIssue;
  }
  return TRANSCRIPT_MESSAGES.updateError;
}

const refetchFailure = (error: unknown) =>
  (error instanceof ApiError && error.status !== 503 ? TRANSCRIPT_MESSAGES.refetchIssue : TRANSCRIPT_MESSAGES.refetchError);

export function SpeakerNamesForm({ meetingId, onUpdated, onCancel }: SpeakerNamesFormProps) {
  const { data, error: loadError } = useSpeakerNames(meetingId, true);
  const updateNames = useUpdateSpeakerNames(meetingId);
  const showRewritten = useShowRewrittenTranscript(meetingId);
  const [edited, setEdited] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const current = data?.speakerNames;
  // Issue 30: the meeting's people and the host's recent names, offered in every field (a list, not a voice match).
  const options = useNameOptions(meetingId, true).data?.names ?? [];
  const listId = useId();

  useEffect(() => {
    if (current) setEdited({ ...current });
  }, [current]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current || busy) return;
    const problem = speakerNamesProblem(current, edited);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      let answer;
      try {
        answer = await updateNames(changedSpeakerNames(current, edited));
      } catch (failure) {
        setError(updateFailure(failure));
        return;
      }
      try {
        await showRewritten(answer.url);
        onUpdated(answer.speakerNames);
      } catch (failure) {
        setError(refetchFailure(failure));
      }
    } finally {
      setBusy(false);
    }
  }

  if (loadError) return <ErrorMessage>{TRANSCRIPT_MESSAGES.namesLoadError}</ErrorMessage>;
  if (!current) return <p>Loading...</p>;
  return (
    <form className="speaker-names-form" aria-label="Label speaker names" noValidate onSubmit={(e) => void submit(e)}>
      {orderedLabels(current).map((label) => (
        <TextField
          key={label}
          label={label}
          required
          maxLength={SPEAKER_NAME_MAX}
          list={options.length > 0 ? listId : undefined}
          autoComplete="off"
          // The loaded names fill `edited` in an effect, i.e. after the first render that has them.
          value={edited[label] ?? current[label] ?? ''}
          aria-invalid={error === TRANSCRIPT_MESSAGES.nameRequired && !(edited[label] ?? '').trim() ? true : undefined}
          onChange={(e) => setEdited((names) => ({ ...names, [label]: e.target.value }))}
        />
      ))}
      {options.length > 0 && (
        <datalist id={listId}>
          {options.map((o) => <option key={o.name} value={o.name}>{o.source === 'meeting' ? 'In this meeting' : 'Recently used'}</option>)}
        </datalist>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      <div className="modal-actions">
        <button type="button" className="button-secondary button-small" onClick={onCancel}>Cancel</button>
        <button type="submit" className="button-primary button-small" disabled={busy}>{busy ? 'Updating...' : 'Update'}</button>
      </div>
    </form>
  );
}
