/** The app's one confirm dialog (spec §2 Modals; used for delete, cancel subscription and remove integration): default title 'Are you sure?', default text 'You
 * want to perform this action?'. */
import { Modal } from './modal.js';

const CONFIRM_DEFAULTS = { title: 'Are you sure?', text: 'You want to perform this action?', confirm: 'Yes', cancel: 'No' } as const;

interface ConfirmDialogProps {
  title?: string;
  text?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title = CONFIRM_DEFAULTS.title, text = CONFIRM_DEFAULTS.text, confirmLabel = CONFIRM_DEFAULTS.confirm,
  cancelLabel = CONFIRM_DEFAULTS.cancel, busy = false, error, onConfirm, onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} className="confirm-modal">
      <p>{text}</p>
      {error && <p role="alert" className="message message-error">{error}</p>}
      <div className="modal-actions">
        <button type="button" className="button-secondary" onClick={onCancel}>{cancelLabel}</button>
        <button type="button" className="button-primary" disabled={busy} onClick={onConfirm}>{confirmLabel}</button>
      </div>
    </Modal>
  );
}
