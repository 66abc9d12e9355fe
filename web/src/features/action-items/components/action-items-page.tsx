/**
 * The "Action items" screen (issue 33): the action items of every meeting the user can read, filtered by owner, status,
 * due and meeting; done toggles, the host's edits, the moment each item was said, and CSV / Markdown exports.
 */
import { useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import type { ActionItemRow, DueFilter, ActionItemChange } from '@contracts/action-items.js';
import { ACTION_ITEMS_PAGE_SIZE } from '@contracts/action-items.js';
import { getAllActionItems, isActionItemsKey, useActionItems, type ActionItemsFilter } from '../../../api/action-items/get-action-items.js';
import { deleteActionItem, updateActionItem } from '../../../api/action-items/update-action-item.js';
import { fieldErrorMessage } from '../../../api/error-messages.js';
import { notesKey } from '../../../api/insights/get-notes.js';
import { Modal } from '../../../components/modal.js';
import { Pagination } from '../../../components/pagination.js';
import { download, toCsv, toMarkdown } from '../export.js';
import { ActionItemRowView } from './action-item-row.js';

const DUE_LABELS: Record<DueFilter, string> = { overdue: 'Overdue', this_week: 'This week', later: 'Later', none: 'No due date' };

/** The first message of a 400 body, else a general one. */
function problem(error: unknown): string {
  return fieldErrorMessage(error) ?? 'The action item could not be changed. Please try again.';
}

/** What the app composes in from other features (web/src/app/home/action-items-screen.tsx). */
export interface ActionItemsPageParts {
  /** Plays the meeting's recording from `at` seconds. */
  player: (props: { meetingId: string; at: number; onClose: () => void }) => ReactNode;
}

export function ActionItemsPage({ player }: ActionItemsPageParts) {
  const [filter, setFilter] = useState<ActionItemsFilter>({});
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string>();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [deleting, setDeleting] = useState<ActionItemRow>();
  const [playing, setPlaying] = useState<{ meetingId: string; at: number }>();
  const { data, error, isLoading } = useActionItems(filter, page);
  const { mutate } = useSWRConfig();

  const set = (change: Partial<ActionItemsFilter>) => { setFilter((f) => ({ ...f, ...change })); setPage(1); };
  const refresh = async (meetingId: string) => {
    await mutate(isActionItemsKey);
    await mutate(notesKey(meetingId));
  };
  const change = async (row: ActionItemRow, update: ActionItemChange): Promise<boolean> => {
    setBusy(row.id);
    setMessage(undefined);
    try {
      await updateActionItem(row.id, update);
      await refresh(row.meeting_id);
      if (update.status) setMessage({ ok: true, text: `Marked ${update.status === 'done' ? 'done' : 'open'}: ${row.content}` });
      return true;
    } catch (e) {
      setMessage({ ok: false, text: problem(e) });
      return false;
    } finally {
      setBusy(undefined);
    }
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteActionItem(deleting.id);
      await refresh(deleting.meeting_id);
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

  const totalPages = Math.max(1, Math.ceil((data?.count ?? 0) / ACTION_ITEMS_PAGE_SIZE));
  return (
    <section className="ledger" aria-labelledby="ledger-title">
      <h1 id="ledger-title">Action items</h1>
      <form className="ledger-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter action items">
        <label>Owner
          <select value={filter.owner ?? ''} onChange={(e) => set({ owner: e.target.value || undefined })}>
            <option value="">Everyone</option>
            <option value="me">Mine</option>
            <option value="unassigned">Unassigned</option>
            {(data?.owners ?? []).map((o) => <option key={o} value={o}>{o}</option>)}
          </select>
        </label>
        <label>Status
          <select value={filter.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as ActionItemsFilter['status'] })}>
            <option value="">Open and done</option>
            <option value="open">Open</option>
            <option value="done">Done</option>
          </select>
        </label>
        <label>Due
          <select value={filter.due ?? ''} onChange={(e) => set({ due: (e.target.value || undefined) as DueFilter | undefined })}>
            <option value="">Any time</option>
            {(Object.keys(DUE_LABELS) as DueFilter[]).map((d) => <option key={d} value={d}>{DUE_LABELS[d]}</option>)}
          </select>
        </label>
        <label>Meeting
          <select value={filter.meetingId ?? ''} onChange={(e) => set({ meetingId: e.target.value || undefined })}>
            <option value="">All meetings</option>
            {(data?.meetings ?? []).map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
          </select>
        </label>
        <div className="ledger-exports">
          <button type="button" className="button-secondary button-small" onClick={() => void exportAs('csv')} disabled={!data?.count}>Export CSV</button>
          <button type="button" className="button-secondary button-small" onClick={() => void exportAs('md')} disabled={!data?.count}>Export Markdown</button>
        </div>
      </form>
      {message && <p className={message.ok ? 'message' : 'message message-error'} role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
      {error && <p className="message message-error" role="alert">The action items could not be loaded. Please try again later.</p>}
      {isLoading && !data && <p className="empty-state" role="status">Loading...</p>}
      {data && (
        <>
          <p className="ledger-count" aria-live="polite">{data.count === 1 ? '1 action item' : `${data.count} action items`}</p>
          {data.results.length === 0 ? <p className="empty-state">No action items match these filters.</p> : (
            <ul className="ledger-list">
              {data.results.map((row) => (
                <ActionItemRowView key={row.id} row={row} busy={busy === row.id} onChange={change} onDelete={setDeleting}
                  onPlay={(r) => setPlaying({ meetingId: r.meeting_id, at: r.timestamp_range.start_time })} />
              ))}
            </ul>
          )}
          {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onChange={setPage} />}
        </>
      )}
      {playing && <div key={playing.meetingId}>{player({ ...playing, onClose: () => setPlaying(undefined) })}</div>}
      {deleting && (
        <Modal title="Are you sure?" onClose={() => setDeleting(undefined)} className="confirm-modal">
          <p>Delete the action item “{deleting.content}”? Regenerating the notes will not bring it back.</p>
          <div className="modal-actions">
            <button type="button" className="button-secondary" onClick={() => setDeleting(undefined)}>No</button>
            <button type="button" className="button-primary" onClick={() => void remove()}>Yes, delete it</button>
          </div>
        </Modal>
      )}
    </section>
  );
}
