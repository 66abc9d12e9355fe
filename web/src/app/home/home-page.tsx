/**
 * The home shell for /home, /home/meeting/:id, /dashboard[/:meetingId/:operation] and /action-items: header, side
 * panel or mobile menu (both with the upload form and Submit Feedback), the settings dialog, and the
 * meetings area, filtered to one meeting when the route names one (or the action items ledger).
 */
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useUser } from '../../api/users/get-user.js';
import { errorStatus, GENERIC_ERROR, SETTINGS_UNAVAILABLE } from '../../api/error-messages.js';
import { ErrorMessage } from '../../components/message.js';
import { FeedbackDialog } from '../../components/feedback-dialog.js';
import { IntegrationResultDialog } from '../../features/integrations/components/integration-result-dialog.js';
import { useIntegrationReturn } from '../../features/integrations/use-integration-return.js';
import { MeetingsArea } from './meetings-area.js';
import { SettingsDialog, type SettingsTab } from './settings-dialog.js';
import { useUpload } from '../../features/upload/use-upload.js';
import { usePricingModal } from '../../features/billing/use-pricing-modal.js';
import { AppHeader } from './app-header.js';
import { MobileMenu } from './mobile-menu.js';
import { SidePanel } from './side-panel.js';

// The action items screen loads on demand (the first-load budget of docs/architecture.md).
const ActionItemsScreen = lazy(() => import('./action-items-screen.js').then((m) => ({ default: m.ActionItemsScreen })));

/** `view`: 'action-items' shows the action items ledger (issue 33) instead of the meetings. */
export function HomePage({ view }: { view?: 'action-items' } = {}) {
  const { data: user, error } = useUser();
  const { meetingId, operation } = useParams();
  const [settingsTab, setSettingsTab] = useState<SettingsTab>();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const upload = useUpload({ minutes: user?.minutes });
  const pricing = usePricingModal(user);
  const integration = useIntegrationReturn(user);
  const fullName = user ? `${user.first_name} ${user.last_name}`.trim() : 'Loading...';
  const panel = { user, upload, onEditProfile: () => setSettingsTab('Profile' as const), onFeedback: () => setFeedbackOpen(true), onPlans: pricing.open };

  return (
    <div className="app-shell">
      <AppHeader
        userName={fullName}
        mobileMenuOpen={mobileMenuOpen}
        onToggleMobileMenu={() => setMobileMenuOpen((o) => !o)}
        onSettings={() => setSettingsTab('Profile')}
        onPlans={pricing.open}
      />
      <MobileMenu open={mobileMenuOpen} onClose={() => setMobileMenuOpen(false)} {...panel} />
      <div className="app-body">
        <SidePanel {...panel} />
        <div className="home-main">
          {error && <ErrorMessage>{errorStatus(error) === 503 ? SETTINGS_UNAVAILABLE : GENERIC_ERROR}</ErrorMessage>}
          {view === 'action-items' ? (
            <Suspense fallback={<p className="empty-state" role="status">Loading...</p>}><ActionItemsScreen /></Suspense>
          ) : (
            <MeetingsArea user={user} meetingId={meetingId} operation={operation} uploadPercent={upload.loading ? (upload.percent ?? 0) :
              undefined} onUpgrade={pricing.open} />
          )}
        </div>
      </div>
      {settingsTab && <SettingsDialog initialTab={settingsTab} onClose={() => setSettingsTab(undefined)} />}
      {pricing.element}
      {integration.result && <IntegrationResultDialog {...integration.result} onClose={integration.dismiss} />}
      {feedbackOpen && user && <FeedbackDialog email={user.email} meetingId={null} onClose={() => setFeedbackOpen(false)} />}
    </div>
  );
}
