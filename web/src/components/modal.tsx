/**
 * A centred dialog (full screen under 769 px) for the meetings modals: titled, closes on Escape and on a
 * backdrop click, focuses its first control, keeps Tab inside and gives focus back when it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { onGuardFocus, useFocusTrap } from './focus-trap.js';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

export function Modal({ title, onClose, children, className = '' }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  // Tab stays inside the dialog; focus goes back to the opener on close (focus-trap.ts).
  useFocusTrap(ref);
  useEffect(() => {
    // The first control, or the dialog itself while its content loads (so the keyboard is inside from the start).
    (ref.current?.querySelector<HTMLElement>('input, textarea, button:not([data-close]), [href]') ?? ref.current)?.focus();
  }, []);

  // In the capture phase, so a control inside that stops the key's bubbling does not keep Escape from closing the dialog.
  // (Chromium's own video controls swallow every key while one of them has focus; Tab leaves them.)
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [onClose]);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className={`modal meetings-modal ${className}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <span className="focus-guard" tabIndex={0} data-focus-guard onFocus={() => onGuardFocus(ref.current, 'start')} />
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" data-close onClick={onClose}>×</button>
        </div>
        {children}
        <span className="focus-guard" tabIndex={0} data-focus-guard onFocus={() => onGuardFocus(ref.current, 'end')} />
      </div>
    </div>
  );
}
