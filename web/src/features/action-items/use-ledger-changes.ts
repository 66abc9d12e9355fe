/** What the action items screen changes: done toggles and the host's edits, deletion after a confirmation, the exports. */
import { useState } from 'react';
import type { ActionItemChange, ActionItemRow } from '@contracts/action-items.js';
import { getAllActionItems, type ActionItemsFilter } from '../../api/action-items/get-action-items.js';
import { useActionItemMutations } from '../../api/action-items/update-action-item.js';
import { fieldErrorMessage } from '../../api/error-messages.js';
import type { Outcome } from '../../components/message.js';
import { download, toCsv, toMarkdown } from './export.js';

/** The first message of a 400 body, else a general one. */
const problem = (error: unknown): string => fieldErrorMessage(error) ?? 'The action item could not be changed. Please try again.';

const ref = (row: ActionItemRow) => ({ itemId: row.id, meetingId: row.meeting_id });

export function useLedgerChanges(filter: ActionItemsFilter) {
  const { update, remove: removeItem } = useActionItemMutations();
  const [busy, setBusy] = useState<string>();
  const [message, setMessage] = useState<Outcome>();
  const [deleting, setDeleting] = useState<ActionItemRow>();

  const change = async (row: ActionItemRow, changes: ActionItemChange): Promise<boolean> => {
    setBusy(row.id);
    setMessage(undefined);
    try {
      await update(ref(row), changes);
      if (changes.status) setMessage({ ok: true, text: `Marked ${changes.status === 'done' ? 'done' : 'open'}: ${row.content}` });
      return true;
    } catch (e) {
      setMessage({ ok: false, text: problem(e) });
      return false;
    } finally {
      setBusy(undefined);
    }
  };
  /** Deletes the row asked about with `setDeleting`, once confirmed. */
  const remove = async () => {
    if (!deleting) return;
    try {
      await removeItem(ref(deleting));
      setMessage({ ok: true, text: `Deleted: ${deleting.content}` });
    } catch (e) {
      setMessage({ ok: false, text: problem(e) });
    }
    setDeleting(undefined);
  };
  const exportAs = async (kind: 'csv' | 'md') => {
    try {
      const rows = await getAllActionItems(filter);
      if (kind === 'csv') download('action-items.csv', toCsv(rows), 'text/csv;charset=utf-8');
      else download('action-items.md', toMarkdown(rows), 'text/markdown;charset=utf-8');
    } catch {
      setMessage({ ok: false, text: 'The action items could not be exported. Please try again.' });
    }
  };
  return { busy, message, deleting, setDeleting, change, remove, exportAs };
}
