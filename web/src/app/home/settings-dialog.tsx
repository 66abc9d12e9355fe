/**
 * The settings dialog (spec §2 Settings): a centred modal on wide screens, full width up to 768 px.
 * Tabs Profile, Account, General and Subscription; Integrations arrives with its own feature.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../api/users/get-user.js';
import { useAuth } from '../../features/auth/auth-provider.js';
import { onGuardFocus, useFocusTrap } from '../../components/focus-trap.js';
import { AccountTab } from '../../features/settings/components/account-tab.js';
import { GeneralTab } from '../../features/settings/components/general-tab.js';
import { IntegrationsTab } from '../../features/integrations/components/integrations-tab.js';
import { ProfileTab } from '../../features/settings/components/profile-tab.js';
import { SubscriptionTab } from '../../features/billing/components/subscription-tab.js';

const SETTINGS_TABS = ['Profile', 'Account', 'General', 'Integrations', 'Subscription'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

interface SettingsDialogProps {
  initialTab: SettingsTab;
  onClose: () => void;
}

export function SettingsDialog({ initialTab, onClose }: SettingsDialogProps) {
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  const { data: user } = useUser();
  const navigate = useNavigate();
  const { login } = useAuth();
  const dialogRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  useFocusTrap(dialogRef);
  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, []);

  // On the document, so Escape works even when focus has left the dialog (e.g. a button became disabled).
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  function onTabKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = SETTINGS_TABS[(index + step + SETTINGS_TABS.length) % SETTINGS_TABS.length];
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  const passwordChanged = () => {
    onClose();
    navigate('/');
  };

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} className="modal settings-modal" role="dialog" aria-modal="true" aria-labelledby={`${baseId}-title`}>
        <span className="focus-guard" tabIndex={0} data-focus-guard onFocus={() => onGuardFocus(dialogRef.current, 'start')} />
        <div className="modal-header">
          <h2 id={`${baseId}-title`}>Settings</h2>
          <button type="button" className="icon-button" aria-label="Close settings" onClick={onClose}>×</button>
        </div>
        <div role="tablist" aria-label="Settings sections" className="tabs">
          {SETTINGS_TABS.map((name, index) => (
            <button
              key={name}
              id={`${baseId}-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
              onKeyDown={(e) => onTabKey(e, index)}
            >
              {name}
            </button>
          ))}
        </div>
        <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`} className="tab-panel">
          {!user && <p>Loading...</p>}
          {user && tab === 'Profile' && <ProfileTab user={user} />}
          {user && tab === 'Account' && <AccountTab userId={user.id} onSession={login} onChanged={passwordChanged} />}
          {user && tab === 'Integrations' && <IntegrationsTab user={user} />}
          {user && tab === 'General' && <GeneralTab user={user} />}
          {user && tab === 'Subscription' && <SubscriptionTab />}
        </div>
        <span className="focus-guard" tabIndex={0} data-focus-guard onFocus={() => onGuardFocus(dialogRef.current, 'end')} />
      </div>
    </div>
  );
}
