/** The meeting options and the dialog they open (share, delete confirm, feedback, player, transcript, notes, sentiment, phone viewer). */
import { useCallback, useMemo, useState } from 'react';
import type { MeetingView, RecordingUrl } from '@contracts/meetings.js';
import { GENERIC_ERROR } from '../../api/error-messages.js';
import { useDeleteMeeting } from '../../api/meetings/delete-meeting.js';
import { getRecording } from '../../api/meetings/get-recording.js';
import { DOWNLOAD_ERROR } from '../../components/download-errors.js';
import type { MeetingOption } from './permissions.js';

export type MeetingDialog =
  | { kind: 'viewer'; meeting: MeetingView }
  | { kind: 'share'; meetings: MeetingView[] }
  | { kind: 'delete'; meeting: MeetingView }
  | { kind: 'feedback'; meeting: MeetingView }
  | { kind: 'search'; meeting: MeetingView }
  | { kind: 'player'; recording: RecordingUrl; meetingId: string }
  | { kind: 'transcript' | 'notes' | 'sentiment'; meeting: MeetingView };

/** Dialog state plus `run(meeting, option)`; the player opens only after the recording link arrived; a delete refreshes the list. */
export function useMeetingActions() {
  const deleteMeeting = useDeleteMeeting();
  const [dialog, setDialog] = useState<MeetingDialog>();
  const [error, setError] = useState<string>();
  const [dialogError, setDialogError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const close = useCallback(() => {
    setDialog(undefined);
    setDialogError(undefined);
  }, []);

  const open = useCallback((next: MeetingDialog) => {
    setError(undefined);
    setDialogError(undefined);
    setDialog(next);
  }, []);

  const run = useCallback((meeting: MeetingView, option: MeetingOption) => {
    setError(undefined);
    if (option === 'share') open({ kind: 'share', meetings: [meeting] });
    else if (option === 'delete') open({ kind: 'delete', meeting });
    else if (option === 'feedback') open({ kind: 'feedback', meeting });
    else if (option === 'search') open({ kind: 'search', meeting });
    else if (option === 'transcript' || option === 'notes' || option === 'sentiment') open({ kind: option, meeting });
    else {
      getRecording(meeting.id).then(
        (recording) => open({ kind: 'player', recording, meetingId: meeting.id }),
        () => {
          setDialog(undefined);
          setError(DOWNLOAD_ERROR);
        },
      );
    }
  }, [open]);

  const confirmDelete = useCallback(async () => {
    if (dialog?.kind !== 'delete') return;
    setBusy(true);
    try {
      await deleteMeeting(dialog.meeting.id);
      setDialog(undefined);
    } catch {
      setDialogError(GENERIC_ERROR);
    } finally {
      setBusy(false);
    }
  }, [dialog, deleteMeeting]);

  return useMemo(
    () => ({ dialog, error, dialogError, busy, open, close, run, confirmDelete }),
    [dialog, error, dialogError, busy, open, close, run, confirmDelete],
  );
}

export type MeetingActions = ReturnType<typeof useMeetingActions>;
