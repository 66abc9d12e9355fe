/**
 * The review modals a meeting option opens: transcript (speaker labelling for the host, Ask about this meeting), notes, sentiment analysis.
 * The sentiment modal (with the charts library) and the notes modal load on demand, when first opened (the first
 * load's budget, scripts/web-bundle-sizes.mjs).
 */
import { lazy, Suspense } from 'react';
import { MeetingAsk } from '../../features/search/components/meeting-ask.js';
import { TranscriptModal } from '../../features/transcript/components/transcript-modal.js';
import { canManage } from '../../features/meetings/permissions.js';
import type { MeetingDialog } from '../../features/meetings/use-meeting-actions.js';

const NotesModal = lazy(() => import('../../features/insights/components/notes-modal.js').then((m) => ({ default: m.NotesModal })));
const SentimentModal = lazy(() => import('../../features/insights/components/sentiment-modal.js').then((m) => ({ default: m.SentimentModal })));

interface ReviewDialogsProps {
  dialog: MeetingDialog | undefined;
  email: string | undefined;
  onClose: () => void;
}

export function ReviewDialogs({ dialog, email, onClose }: ReviewDialogsProps) {
  if (dialog?.kind === 'transcript') {
    const { meeting } = dialog;
    return (
      <TranscriptModal meetingId={meeting.id} meetingName={meeting.name} canLabel={canManage(meeting, email)} hasRecording={meeting.recording_available}
        onClose={onClose} tools={({ playFrom, showLine }) => <MeetingAsk meetingId={meeting.id} onPlay={playFrom} onShowLine={showLine} />} />
    );
  }
  if (dialog?.kind === 'notes') {
    return (
      <Suspense fallback={<p className="empty-state" role="status">Loading...</p>}>
        <NotesModal meetingId={dialog.meeting.id} meetingName={dialog.meeting.name} onClose={onClose} canRegenerate={canManage(dialog.meeting, email)} />
      </Suspense>
    );
  }
  if (dialog?.kind === 'sentiment') {
    return (
      <Suspense fallback={<p className="empty-state" role="status">Loading...</p>}>
        <SentimentModal meetingId={dialog.meeting.id} meetingName={dialog.meeting.name} onClose={onClose} />
      </Suspense>
    );
  }
  return null;
}
