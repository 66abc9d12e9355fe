/** One row of the ledger: done toggle, task, owner, due date, meeting, the moment; the host edits or deletes it in place. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ActionItemRow, ActionItemChange } from '@contracts/action-items.js';
import { formatClock, formatDay } from '../../../lib/time.js';


interface RowProps {
  row: ActionItemRow;
  busy: boolean;
  onChange: (row: ActionItemRow, change: ActionItemChange) => Promise<boolean>;
  onDelete: (row: ActionItemRow) => void;
  onPlay: (row: ActionItemRow) => void;
}

export function ActionItemRowView({ row, busy, onChange, onDelete, onPlay }: RowProps) {
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(row.content);
  const [owner, setOwner] = useState(row.owner ?? '');
  const [dueDate, setDueDate] = useState(row.due_date ?? '');
  const done = row.status === 'done';

  const startEditing = () => { setContent(row.content); setOwner(row.owner ?? ''); setDueDate(row.due_date ?? ''); setEditing(true); };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const change: ActionItemChange = {};
    if (content.trim() !== row.content) change.content = content.trim();
    if (owner.trim() !== (row.owner ?? '')) change.owner = owner.trim() || null;
    if (dueDate !== (row.due_date ?? '')) change.due_date = dueDate || null;
    if (Object.keys(change).length === 0 || await onChange(row, change)) setEditing(false);
  };

  return (
    <li className={`ledger-row${done ? ' done' : ''}`} data-item-id={row.id} data-status={row.status}>
      <input type="checkbox" className="ledger-done" checked={done} disabled={!row.can_toggle || busy}
        aria-label={`${done ? 'Reopen' : 'Mark done'}: ${row.content}`} title={row.can_toggle ? undefined :
          'Only the host or the person it is assigned to can change this'}
        onChange={() => void onChange(row, { status: done ? 'open' : 'done' })} />
      {editing ? (
        <form className="ledger-edit" onSubmit={(e) => void save(e)} onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}>
          <label>Task<input value={content} onChange={(e) => setContent(e.target.value)} maxLength={500} required autoFocus /></label>
          <label>Owner<input value={owner} onChange={(e) => setOwner(e.target.value)} maxLength={100} placeholder="Unassigned" /></label>
          <label>Due date<input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} /></label>
          <div className="ledger-edit-actions">
            <button type="submit" className="button-primary button-small" disabled={busy}>Save</button>
            <button type="button" className="button-secondary button-small" onClick={() => setEditing(false)}>Cancel</button>
          </div>
        </form>
      ) : (
        <div className="ledger-main">
          <span className="ledger-task">{row.content}</span>
          <span className="ledger-meta">
            <span className="ledger-owner">{row.owner ?? 'Unassigned'}</span>
            <span className="ledger-due">{row.due_date ? `Due ${formatDay(row.due_date)}` : 'No due date'}{row.due ? ` (said: “${row.due}”)` : ''}</span>
            <Link className="ledger-meeting" to={`/dashboard/${encodeURIComponent(row.meeting_id)}/notes`}>{row.meeting_name}</Link>
            <button type="button" className="link-button" onClick={() =>
              onPlay(row)} aria-label={`Play the moment of “${row.content}” from ${formatClock(row.timestamp_range.start_time)}`}>
              ▶ {formatClock(row.timestamp_range.start_time)}
            </button>
            {row.stored_in_todoist && <span className="stored-badge" title="Stored in Todoist">In Todoist</span>}
          </span>
        </div>
      )}
      {row.can_edit && !editing && (
        <span className="ledger-actions">
          <button type="button" className="button-secondary button-small" onClick={startEditing} aria-label={`Edit: ${row.content}`}>Edit</button>
          <button type="button" className="button-secondary button-small" onClick={() => onDelete(row)} aria-label={`Delete: ${row.content}`}>Delete</button>
        </span>
      )}
    </li>
  );
}
