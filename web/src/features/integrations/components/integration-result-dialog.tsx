/** The integration result dialogs on home (spec §2, §8): complete, authorization error, processing error, reauthorization required. */
import { Modal } from '../../../components/modal.js';
import { INTEGRATION_TEXTS, type IntegrationService } from '../services.js';

export type IntegrationOutcome = 'complete' | 'authorization_error' | 'processing_error' | 'reauthorization';

export function IntegrationResultDialog({ service, outcome, onClose }: { service: IntegrationService; outcome: IntegrationOutcome; onClose: () => void }) {
  const t = INTEGRATION_TEXTS;
  const [title, body] = {
    complete: [t.complete(service), t.completeBody(service)],
    authorization_error: [t.authorizationError(service), t.errorBody(service)],
    processing_error: [t.processingError(service), t.errorBody(service)],
    reauthorization: [t.reauthorization(service), t.reauthorizationBody(service)],
  }[outcome];
  return (
    <Modal title={title} onClose={onClose} className="integration-result">
      <p>{body}</p>
      <div className="modal-actions">
        <button type="button" className="button-primary" onClick={onClose}>OK</button>
      </div>
    </Modal>
  );
}
