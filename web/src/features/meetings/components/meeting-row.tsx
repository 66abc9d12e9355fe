/**
 * One meeting of the list (spec §2): start, name, duration, 'Shared With', 'Captured Recording', the Share
 * button (host), the options — a dropdown on desktop, one button opening the viewer on phones — and the
 * processing status of its recording.
 */
import type { MeetingView } from '@contracts/meetings.js';
import { meetingDuration } from '../duration.js';
import { formatDateTime } from '../../../lib/time.js';
import { canManage, meetingOptions, sharedWithCount, type MeetingOption } from '../permissions.js';
import { isUnfinishedUpload } from '../processing-status.js';
import { ProcessingStatus } from './processing-status.js';
import { MeetingName } from './meeting-name.js';
import { OptionsMenu } from './options-menu.js';

interface MeetingRowProps {
  meeting: MeetingView;
  email: string | undefined;
  selected: boolean;
  onToggleSelected: (meetingId: string) => void;
  onOption: (meeting: MeetingView, option: MeetingOption) => void;
  onOpenViewer: (meeting: MeetingView) => void;
  onRenamed: (meeting: MeetingView) => void;
}

export function MeetingRow({ meeting, email, selected, onToggleSelected, onOption, onOpenViewer, onRenamed }: MeetingRowProps) {
  const manage = canManage(meeting, email);
  return (
    <li className="meeting-row" aria-label={meeting.name}>
      <span className="meeting-select">
        {manage && (
          <input type="checkbox" aria-label={`Select ${meeting.name}`} checked={selected} onChange={() => onToggleSelected(meeting.id)} />
        )}
      </span>
      <span className="meeting-start">{formatDateTime(meeting.start_time) ?? '—'}</span>
      <MeetingName meeting={meeting} editable={manage} onSaved={onRenamed} />
      <dl className="meeting-facts">
        <div><dt>Duration</dt><dd>{meetingDuration(meeting.start_time, meeting.end_time)}</dd></div>
        <div><dt>Shared With</dt><dd>{sharedWithCount(meeting)}</dd></div>
        <div><dt>Captured Recording</dt><dd>{meeting.recording_available ? 'Available' : 'Not Available'}</dd></div>
      </dl>
      <span className="meeting-actions">
        {manage && (
          <button type="button" className="button-secondary button-small" onClick={() => onOption(meeting, 'share')}>Share</button>
        )}
        <span className="desktop-only">
          <OptionsMenu meetingName={meeting.name} options={meetingOptions(meeting, email)} onSelect={(option) => onOption(meeting, option)} />
        </span>
        <button type="button" className="button-secondary button-small mobile-only" aria-label={`Open ${meeting.name}`} onClick={() => onOpenViewer(meeting)}>
          Open
        </button>
      </span>
      <ProcessingStatus processing={meeting.processing} uploadUnfinished={isUnfinishedUpload(meeting)} />
    </li>
  );
}
