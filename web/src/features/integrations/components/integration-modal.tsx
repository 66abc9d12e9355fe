/**
 * The integration modal of one service (spec §2 Modals): explanatory text and an Integrate button that fetches
 * the authorization URL, waits 2 seconds (§9) and sends the browser to the service.
 */
import { useEffect, useRef, useState } from 'react';
import { getAuthorizationUrl } from '../../../api/integrations/integrations.js';
import { ErrorMessage } from '../../../components/message.js';
import { Modal } from '../../../components/modal.js';
import { INTEGRATION_TEXTS, REDIRECT_DELAY_MS, type IntegrationService } from '../services.js';

interface IntegrationModalProps {
  service: IntegrationService;
  onClose: () => void;
  /** Where the browser goes (tests replace it); default window.location.assign. */
  redirect?: (url: string) => void;
}

export function IntegrationModal({ service, onClose, redirect = (url) => window.location.assign(url) }: IntegrationModalProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function integrate() {
    setBusy(true);
    setError(undefined);
    try {
      const { authorization_url: url } = await getAuthorizationUrl(service.letter);
      timer.current = setTimeout(() => redirect(url), REDIRECT_DELAY_MS);
    } catch {
      setBusy(false);
      setError(INTEGRATION_TEXTS.redirectFailed(service));
    }
  }

  return (
    <Modal title={`Integrate ${service.title}`} onClose={onClose} className="integration-modal">
      <p>{service.explanation}</p>
      {busy && <p role="status">Taking you to {service.title}…</p>}
      <ErrorMessage>{error}</ErrorMessage>
      <div className="modal-actions">
        <button type="button" className="button-primary" disabled={busy} onClick={() => void integrate()}>Integrate {service.title}</button>
      </div>
    </Modal>
  );
}
