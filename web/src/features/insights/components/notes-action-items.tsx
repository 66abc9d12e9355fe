/**
 * The notes' action items (spec §3 Notes): owner, due date and time range of each; done and suggested marks; for the
 * host with Todoist connected a checkbox on each not-yet-stored item and 'Add to Todoist'; for the host Keep / Drop on a
 * suggested one.
 */
import type { ActionItemView } from '@contracts/insights.js';
import { OutcomeMessage } from '../../../components/message.js';
import type { TodoistSelection, TodoistStore } from '../use-todoist-selection.js';
import { RangeButton } from './notes-summary.js';
import { SuggestionControls } from './suggestion-review.js';

const said = (content: string, due: string) => content.toLowerCase().includes(due.toLowerCase());

const itemClass = (item: ActionItemView) =>
  [item.status === 'done' ? 'action-item-done' : '', item.suggested ? 'action-item-suggested' : ''].filter(Boolean).join(' ') || undefined;

interface ItemProps { item: ActionItemView; onPlay: (seconds: number) => void; selection: TodoistSelection; meetingId: string; isHost: boolean }

function ActionItem({ item, onPlay, selection, meetingId, isHost }: ItemProps) {
  return (
    <li data-number={item.number} data-owner={item.owner ?? ''} data-status={item.status ?? 'open'} className={itemClass(item)}>
      {item.status === 'done' && <span className="done-badge">Done: </span>}
      {item.suggested && <span className="suggested-badge">Suggested: </span>}
      {selection.enabled && item.id && !item.stored_in_todoist && (
        <input type="checkbox" className="action-item-check" aria-label={`Add action item ${item.number} to Todoist`}
          checked={selection.checked.has(item.number)} onChange={() => selection.toggle(item.number)} />
      )}
      {item.stored_in_todoist && <span className="stored-badge" title="Stored in Todoist">✓ </span>}
      {item.content}
      {item.due && !said(item.content, item.due) && <span className="due"> (due {item.due})</span>}
      {' '}<RangeButton range={item.timestamp_range} onPlay={onPlay} />
      {item.suggested && isHost && item.id && <SuggestionControls meetingId={meetingId} itemId={item.id} number={item.number} />}
    </li>
  );
}

export function NotesActionItems({ items, ...rest }: Omit<ItemProps, 'item'> & { items: ActionItemView[] }) {
  return (
    <section aria-labelledby="notes-actions">
      <h3 id="notes-actions">Action Items</h3>
      {items.length === 0 ? <p>No action items.</p> : (
        <ol className="action-items">
          {items.map((item) => <ActionItem key={item.id ?? item.number} item={item} {...rest} />)}
        </ol>
      )}
    </section>
  );
}

/** 'Add to Todoist' while items are checked, and what the last store came to. */
export function AddToTodoist({ store }: { store: TodoistStore }) {
  return (
    <>
      {store.selection.checked.size > 0 && (
        <button type="button" className="button-primary" onClick={() => void store.addToTodoist()} disabled={store.storing}>
          {store.storing ? 'Adding…' : 'Add to Todoist'}
        </button>
      )}
      <OutcomeMessage outcome={store.outcome} />
    </>
  );
}
