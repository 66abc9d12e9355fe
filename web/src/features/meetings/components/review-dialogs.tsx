/** The review modals a meeting option opens: transcript (speaker labelling for the host), notes, sentiment analysis. */
import { NotesModal } from '../../insights/components/notes-modal.js';
import { SentimentModal } from '../../insights/components/sentiment-modal.js';
import { TranscriptModal } from '../../transcript/components/transcript-modal.js';
import { canManage } from '../permissions.js';
import type { MeetingDialog } from '../use-meeting-actions.js';

interface ReviewDialogsProps {
  dialog: MeetingDialog | undefined;
  email: string | undefined;
  onClose: () => void;
}

export function ReviewDialogs({ dialog, email, onClose }: ReviewDialogsProps) {
  if (dialog?.kind === 'transcript') {
    const { meeting } = dialog;
    return <TranscriptModal meetingId={meeting.id} meetingName={meeting.name} canLabel={canManage(meeting, email)} onClose={onClose} />;
  }
  if (dialog?.kind === 'notes') return <NotesModal meetingId={dialog.meeting.id} meetingName={dialog.meeting.name} onClose={onClose} canRegenerate={canManage(dialog.meeting, email)} />;
  if (dialog?.kind === 'sentiment') return <SentimentModal meetingId={dialog.meeting.id} meetingName={dialog.meeting.name} onClose={onClose} />;
  return null;
}
