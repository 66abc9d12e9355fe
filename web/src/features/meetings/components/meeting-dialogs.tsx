/** The dialogs of the meetings feature itself: the phone viewer, the recording player and the delete confirmation. */
import type { MeetingActions } from '../use-meeting-actions.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { MeetingViewer } from './meeting-viewer.js';
import { RecordingPlayer } from './recording-player.js';

export function MeetingDialogs({ actions, email }: { actions: MeetingActions; email: string | undefined }) {
  const { dialog } = actions;
  if (dialog?.kind === 'viewer') return <MeetingViewer meeting={dialog.meeting} email={email} onOption={actions.run} onClose={actions.close} />;
  if (dialog?.kind === 'player') return <RecordingPlayer recording={dialog.recording} meetingId={dialog.meetingId} onClose={actions.close} />;
  if (dialog?.kind === 'delete') {
    return (
      <ConfirmDialog
        text="You want to delete this meeting?"
        confirmLabel="Yes, Delete it!"
        cancelLabel="No"
        busy={actions.busy}
        error={actions.dialogError}
        onConfirm={() => void actions.confirmDelete()}
        onCancel={actions.close}
      />
    );
  }
  return null;
}
