/**
 * The home shell for /home, /home/meeting/:id and /dashboard[/:meetingId/:operation]: header, side
 * panel or mobile menu, the settings dialog, and the meetings area (filled in by the meetings feature).
 */
import { useState } from 'react';
import { useUser } from '../../../api/users/get-user.js';
import { errorStatus, GENERIC_ERROR, SETTINGS_UNAVAILABLE } from '../../../api/error-messages.js';
import { ErrorMessage } from '../../../components/message.js';
import { SettingsDialog, type SettingsTab } from '../../settings/components/settings-dialog.js';
import { AppHeader } from './app-header.js';
import { MobileMenu } from './mobile-menu.js';
import { SidePanel } from './side-panel.js';

export function HomePage() {
  const { data: user, error } = useUser();
  const [settingsTab, setSettingsTab] = useState<SettingsTab>();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const fullName = user ? `${user.first_name} ${user.last_name}`.trim() : 'Loading...';

  return (
    <div className="app-shell">
      <AppHeader
        userName={fullName}
        mobileMenuOpen={mobileMenuOpen}
        onToggleMobileMenu={() => setMobileMenuOpen((o) => !o)}
        onSettings={() => setSettingsTab('Profile')}
      />
      <MobileMenu open={mobileMenuOpen} onClose={() => setMobileMenuOpen(false)} onEditProfile={() => setSettingsTab('Profile')} />
      <div className="app-body">
        <SidePanel firstName={user?.first_name} onEditProfile={() => setSettingsTab('Profile')} />
        <main className="meetings-area">
          <h1>My Meetings</h1>
          {error && <ErrorMessage>{errorStatus(error) === 503 ? SETTINGS_UNAVAILABLE : GENERIC_ERROR}</ErrorMessage>}
          <p className="empty-state">No meetings yet.</p>
        </main>
      </div>
      {settingsTab && <SettingsDialog initialTab={settingsTab} onClose={() => setSettingsTab(undefined)} />}
    </div>
  );
}
