/**
 * Settings › Integrations (spec §2): each service's connection state, the Webex toggles (auto share, auto record)
 * that flip only after the server accepts, and Remove (after the app's confirm dialog), with an alert when removal or a
 * setting fails.
 */
import { useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import type { User } from '@contracts/auth-users.js';
import { removeIntegration, updateTodoistSettings, updateWebexSettings, type ServiceFlags } from '../../../api/integrations/integrations.js';
import { USER_KEY } from '../../../api/users/get-user.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ErrorMessage } from '../../../components/message.js';
import { connectionState, INTEGRATION_SERVICES, INTEGRATION_TEXTS, type IntegrationService } from '../services.js';
import { BasicOpsProjectPicker } from './basicops-project-picker.js';
import { IntegrationModal } from './integration-modal.js';

type SettingField = 'auto_share' | 'auto_record' | 'auto_store_to_inbox';

/** One on/off setting of a service, flipped only after the server accepts. */
function SettingSwitch({ field, on, label, busy, onFlip }: { field: SettingField; on: boolean; label: string; busy: boolean; onFlip: () => void }) {
  return (
    <div className="switch-field">
      <label htmlFor={`integration-${field}`}>{label}</label>
      <button id={`integration-${field}`} type="button" role="switch" aria-checked={on} className="switch" aria-busy={busy} onClick={onFlip}>
        <span className="switch-thumb" aria-hidden="true" />
        <span className="visually-hidden">{on ? 'On' : 'Off'}</span>
      </button>
    </div>
  );
}

interface IntegrationRowProps {
  service: IntegrationService;
  user: User;
  toggle: (field: SettingField, on: boolean, label: string) => ReactNode;
  busy: boolean;
  onConnect: () => void;
  onRemove: () => void;
}

/** A service's row: its connection state, its settings when connected, Integrate or Remove. */
function IntegrationRow({ service: s, user, toggle, busy, onConnect, onRemove }: IntegrationRowProps) {
  const integrated = s.integrated(user);
  return (
    <section className="integration-row" aria-label={s.title}>
      <h3>{s.title}</h3>
      <p>{connectionState(s, user)}</p>
      {integrated && s.id === 'webex' && (
        <>
          {toggle('auto_share', user.webex_auto_share_on, 'Share imported meetings with the Webex participants')}
          {toggle('auto_record', user.webex_auto_record_on, 'Record my Webex meetings automatically')}
        </>
      )}
      {integrated && s.tokenExists(user) && s.id === 'todoist'
        && toggle('auto_store_to_inbox', user.todoist_auto_store_to_inbox, 'Store action items in my Todoist inbox automatically')}
      {integrated && s.tokenExists(user) && s.id === 'basicops' && <BasicOpsProjectPicker userId={user.id} />}
      <div className="modal-actions">
        {(!integrated || !s.tokenExists(user)) && (
          <button type="button" className="button-secondary" onClick={onConnect}>Integrate {s.title}</button>
        )}
        {integrated && <button type="button" className="button-secondary" disabled={busy} onClick={onRemove}>Remove</button>}
      </div>
    </section>
  );
}

export function IntegrationsTab({ user }: { user: User }) {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const [connecting, setConnecting] = useState<IntegrationService>();
  const [removing, setRemoving] = useState<IntegrationService>();

  const applyFlags = (flags: ServiceFlags) => mutate(USER_KEY, (u?: User) => (u ? { ...u, ...flags } : u), { revalidate: false });

  async function run(key: string, action: () => Promise<ServiceFlags>, failure: string) {
    if (busy) return;
    setBusy(key);
    setError(undefined);
    try {
      await applyFlags(await action());
    } catch {
      setError(failure);
    } finally {
      setBusy(undefined);
    }
  }

  const webex = INTEGRATION_SERVICES.find((s) => s.id === 'webex')!;
  const todoist = INTEGRATION_SERVICES.find((s) => s.id === 'todoist')!;
  const save = (field: SettingField, on: boolean) => (field === 'auto_store_to_inbox'
    ? run(field, () => updateTodoistSettings(user.id, { auto_store_to_inbox: on }), INTEGRATION_TEXTS.settingsFailed(todoist))
    : run(field, () => updateWebexSettings(user.id, { [field]: on }), INTEGRATION_TEXTS.settingsFailed(webex)));
  const toggle = (field: SettingField, on: boolean, label: string) => (
    <SettingSwitch field={field} on={on} label={label} busy={busy === field} onFlip={() => void save(field, !on)} />
  );

  return (
    <div className="form integrations-tab">
      {INTEGRATION_SERVICES.map((s) => (
        <IntegrationRow key={s.id} service={s} user={user} toggle={toggle} busy={busy !== undefined}
          onConnect={() => setConnecting(s)} onRemove={() => setRemoving(s)} />
      ))}
      <ErrorMessage>{error}</ErrorMessage>
      {connecting && <IntegrationModal service={connecting} onClose={() => setConnecting(undefined)} />}
      {removing && (
        <ConfirmDialog title={`Remove ${removing.title}?`} confirmLabel={`Yes, remove ${removing.title}`} cancelLabel="Keep it"
          text={`MeetScribe will stop using your ${removing.title} account. Meetings and notes already here stay.`}
          onCancel={() => setRemoving(undefined)}
          onConfirm={() => {
            const service = removing;
            setRemoving(undefined);
            void run(`remove-${service.id}`, () => removeIntegration(service.letter, user.id), INTEGRATION_TEXTS.removeFailed(service));
          }} />
      )}
    </div>
  );
}
