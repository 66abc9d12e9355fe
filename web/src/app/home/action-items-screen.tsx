/** The action items ledger composed with the recording player of the insights feature. */
import { ActionItemsPage } from '../../features/action-items/components/action-items-page.js';
import { MomentPlayer } from '../../features/insights/components/moment-player.js';

export function ActionItemsScreen() {
  return <ActionItemsPage player={(p) => <MomentPlayer meetingId={p.meetingId} at={p.at} onClose={p.onClose} />} />;
}
