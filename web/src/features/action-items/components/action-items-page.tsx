/**
 * The "Action items" screen (issue 33): the action items of every meeting the user can read, filtered by owner, status,
 * due and meeting (`ledger-filters.tsx`); done toggles, the host's edits and deletion (`use-ledger-changes.ts`), the
 * moment each item was said, and CSV / Markdown exports.
 */
import { useState, type ReactNode } from 'react';
import type { ActionItemRow } from '@contracts/action-items.js';
import { ACTION_ITEMS_PAGE_SIZE } from '@contracts/action-items.js';
import { useActionItems, type ActionItemsFilter } from '../../../api/action-items/get-action-items.js';
import { OutcomeMessage } from '../../../components/message.js';
import { Modal } from '../../../components/modal.js';
import { Pagination } from '../../../components/pagination.js';
import { useLedgerChanges } from '../use-ledger-changes.js';
import { ActionItemRowView } from './action-item-row.js';
import { LedgerFilters } from './ledger-filters.js';

/** What the app composes in from other features (web/src/app/home/action-items-screen.tsx). */
export interface ActionItemsPageParts {
  /** Plays the meeting's recording from `at` seconds. */
  player: (props: { meetingId: string; at: number; onClose: () => void }) => ReactNode;
}

function ConfirmDelete({ row, onConfirm, onCancel }: { row: ActionItemRow; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal title="Are you sure?" onClose={onCancel} className="confirm-modal">
      <p>Delete the action item “{row.content}”? Regenerating the notes will not bring it back.</p>
      <div className="modal-actions">
        <button type="button" className="button-secondary" onClick={onCancel}>No</button>
        <button type="button" className="button-primary" onClick={onConfirm}>Yes, delete it</button>
      </div>
    </Modal>
  );
}

export function ActionItemsPage({ player }: ActionItemsPageParts) {
  const [filter, setFilter] = useState<ActionItemsFilter>({});
  const [page, setPage] = useState(1);
  const [playing, setPlaying] = useState<{ meetingId: string; at: number }>();
  const { data, error, isLoading } = useActionItems(filter, page);
  const { busy, message, deleting, setDeleting, change, remove, exportAs } = useLedgerChanges(filter);

  const set = (next: Partial<ActionItemsFilter>) => { setFilter((f) => ({ ...f, ...next })); setPage(1); };
  const totalPages = Math.max(1, Math.ceil((data?.count ?? 0) / ACTION_ITEMS_PAGE_SIZE));
  return (
    <section className="ledger" aria-labelledby="ledger-title">
      <h1 id="ledger-title">Action items</h1>
      <LedgerFilters filter={filter} onChange={set} data={data} onExport={(kind) => void exportAs(kind)} />
      <OutcomeMessage outcome={message} />
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
      {deleting && <ConfirmDelete row={deleting} onConfirm={() => void remove()} onCancel={() => setDeleting(undefined)} />}
    </section>
  );
}
