/** The phone viewer of one meeting: its facts, the same processing status as its row, and the same role-based options as the desktop dropdown. */
import type { MeetingView } from '@contracts/meetings.js';
import { meetingDuration } from '../duration.js';
import { formatDateTime } from '../../../lib/time.js';
import { meetingOptions, OPTION_LABELS, sharedWithCount, type MeetingOption } from '../permissions.js';
import { Modal } from '../../../components/modal.js';
import { isUnfinishedUpload } from '../processing-status.js';
import { ProcessingStatus } from './processing-status.js';

interface MeetingViewerProps {
  meeting: MeetingView;
  email: string | undefined;
  onOption: (meeting: MeetingView, option: MeetingOption) => void;
  onClose: () => void;
}

export function MeetingViewer({ meeting, email, onOption, onClose }: MeetingViewerProps) {
  return (
    <Modal title={meeting.name} onClose={onClose} className="viewer-modal">
      <dl className="viewer-facts">
        <div><dt>Start</dt><dd>{formatDateTime(meeting.start_time) ?? '—'}</dd></div>
        <div><dt>Duration</dt><dd>{meetingDuration(meeting.start_time, meeting.end_time)}</dd></div>
        <div><dt>Shared With</dt><dd>{sharedWithCount(meeting)}</dd></div>
        <div><dt>Captured Recording</dt><dd>{meeting.recording_available ? 'Available' : 'Not Available'}</dd></div>
      </dl>
      <ProcessingStatus processing={meeting.processing} uploadUnfinished={isUnfinishedUpload(meeting)} />
      <div className="viewer-options">
        {meetingOptions(meeting, email).map((option) => (
          <button key={option} type="button" className="button-secondary" onClick={() => onOption(meeting, option)}>
            {OPTION_LABELS[option]}
          </button>
        ))}
      </div>
    </Modal>
  );
}
