/** A page of meetings (spec §2 Meetings list): 'Select all' and 'Share selected', the rows, and the page links. */
import type { MeetingView } from '@contracts/meetings.js';
import { Pagination } from '../../../components/pagination.js';
import { canBulkShare, type MeetingOption } from '../permissions.js';
import type { MeetingSelection } from '../use-meeting-selection.js';
import { MeetingRow } from './meeting-row.js';

interface MeetingListProps {
  meetings: MeetingView[];
  email: string | undefined;
  selection: MeetingSelection;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  onOption: (meeting: MeetingView, option: MeetingOption) => void;
  onOpenViewer: (meeting: MeetingView) => void;
  onShareSelected: (meetings: MeetingView[]) => void;
  onRenamed: () => void;
}

export function MeetingList({ meetings, email, selection, page, totalPages, onPage, onOption, onOpenViewer, onShareSelected, onRenamed }: MeetingListProps) {
  const { selectable, selectedMeetings } = selection;
  return (
    <>
      {selectable.length > 0 && (
        <div className="bulk-bar">
          <label className="checkbox-field">
            <input type="checkbox" checked={selection.allSelected} onChange={selection.toggleAll} />
            Select all
          </label>
          <button
            type="button"
            className="button-secondary button-small"
            disabled={!canBulkShare(selectedMeetings, email)}
            onClick={() => onShareSelected(selectedMeetings)}
          >
            Share selected ({selectedMeetings.length})
          </button>
        </div>
      )}
      <ul className="meeting-list" aria-label="Meetings">
        {meetings.map((meeting) => (
          <MeetingRow
            key={meeting.id}
            meeting={meeting}
            email={email}
            selected={selection.isSelected(meeting.id)}
            onToggleSelected={selection.toggle}
            onOption={onOption}
            onOpenViewer={onOpenViewer}
            onRenamed={onRenamed}
          />
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onChange={onPage} />
    </>
  );
}
