/** The action items ledger composed with the recording player and the confirm dialog of the other features. */
import { ActionItemsPage } from '../../features/action-items/components/action-items-page.js';
import { MomentPlayer } from '../../features/insights/components/moment-player.js';
import { ConfirmDialog } from '../../features/meetings/components/confirm-dialog.js';

export function ActionItemsScreen() {
  return <ActionItemsPage player={(p) => <MomentPlayer meetingId={p.meetingId} at={p.at} onClose={p.onClose} />} confirm={ConfirmDialog} />;
}
