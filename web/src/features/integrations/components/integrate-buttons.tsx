/** The side panel's Integrate buttons (spec §2): one per service not integrated or without a token; each opens its modal. */
import { useState } from 'react';
import type { User } from '@contracts/auth-users.js';
import { INTEGRATION_SERVICES, needsIntegrateButton, type IntegrationService } from '../services.js';
import { IntegrationModal } from './integration-modal.js';

export function IntegrateButtons({ user }: { user: User | undefined }) {
  const [open, setOpen] = useState<IntegrationService>();
  if (!user) return null;
  const shown = INTEGRATION_SERVICES.filter((s) => needsIntegrateButton(s, user));
  return (
    <>
      {shown.length > 0 && (
        <div className="integrate-buttons">
          {shown.map((s) => (
            <button key={s.id} type="button" className="button-secondary" onClick={() => setOpen(s)}>Integrate {s.title}</button>
          ))}
        </div>
      )}
      {open && <IntegrationModal service={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
