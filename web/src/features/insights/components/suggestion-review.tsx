/**
 * Keep or drop a suggested action item (issue 27 item 6): the notes engine drafts items it is unsure of as
 * suggestions; the host keeps one (it becomes an ordinary item, kept across regenerates) or drops it (deleted;
 * a regenerate does not draft it again). Readers see the "Suggested" mark only.
 */
import { useState } from 'react';
import { useActionItemMutations } from '../../../api/action-items/update-action-item.js';
import { errorField } from '../../../api/error-messages.js';

export const SUGGESTION_FAILED = 'Could not save your choice. Please try again.';

export function SuggestionControls({ meetingId, itemId, number }: { meetingId: string; itemId: string; number: number }) {
  const { update, remove } = useActionItemMutations();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const choose = async (keep: boolean) => {
    setBusy(true);
    setFailure(undefined);
    try {
      if (keep) await update({ itemId, meetingId }, { kept: true });
      else await remove({ itemId, meetingId });
    } catch (error) {
      setFailure(errorField(error, 'detail') ?? SUGGESTION_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="suggestion-controls">
      <button type="button" className="button-secondary button-small" disabled={busy} onClick={() => void choose(true)}
        aria-label={`Keep suggested action item ${number}`}>Keep</button>
      <button type="button" className="button-secondary button-small" disabled={busy} onClick={() => void choose(false)}
        aria-label={`Drop suggested action item ${number}`}>Drop</button>
      {failure && <span className="message message-error" role="alert">{failure}</span>}
    </span>
  );
}
