/** The action items screen's filters (owner, status, due, meeting) and its CSV / Markdown exports. */
import type { ActionItemsPage, DueFilter } from '@contracts/action-items.js';
import type { ActionItemsFilter } from '../../../api/action-items/get-action-items.js';

const DUE_LABELS: Record<DueFilter, string> = { overdue: 'Overdue', this_week: 'This week', later: 'Later', none: 'No due date' };

interface LedgerFiltersProps {
  filter: ActionItemsFilter;
  onChange: (change: Partial<ActionItemsFilter>) => void;
  /** The page shown: its owners and meetings fill the choices; the exports wait for a match. */
  data: ActionItemsPage | undefined;
  onExport: (kind: 'csv' | 'md') => void;
}

export function LedgerFilters({ filter, onChange, data, onExport }: LedgerFiltersProps) {
  return (
    <form className="ledger-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter action items">
      <label>Owner
        <select value={filter.owner ?? ''} onChange={(e) => onChange({ owner: e.target.value || undefined })}>
          <option value="">Everyone</option>
          <option value="me">Mine</option>
          <option value="unassigned">Unassigned</option>
          {(data?.owners ?? []).map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      </label>
      <label>Status
        <select value={filter.status ?? ''} onChange={(e) => onChange({ status: (e.target.value || undefined) as ActionItemsFilter['status'] })}>
          <option value="">Open and done</option>
          <option value="open">Open</option>
          <option value="done">Done</option>
        </select>
      </label>
      <label>Due
        <select value={filter.due ?? ''} onChange={(e) => onChange({ due: (e.target.value || undefined) as DueFilter | undefined })}>
          <option value="">Any time</option>
          {(Object.keys(DUE_LABELS) as DueFilter[]).map((d) => <option key={d} value={d}>{DUE_LABELS[d]}</option>)}
        </select>
      </label>
      <label>Meeting
        <select value={filter.meetingId ?? ''} onChange={(e) => onChange({ meetingId: e.target.value || undefined })}>
          <option value="">All meetings</option>
          {(data?.meetings ?? []).map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
        </select>
      </label>
      <div className="ledger-exports">
        <button type="button" className="button-secondary button-small" onClick={() => onExport('csv')} disabled={!data?.count}>Export CSV</button>
        <button type="button" className="button-secondary button-small" onClick={() => onExport('md')} disabled={!data?.count}>Export Markdown</button>
      </div>
    </form>
  );
}
