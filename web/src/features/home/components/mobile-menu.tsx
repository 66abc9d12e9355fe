/** The right slide-in menu under 769 px (spec §2): My Dashboard, Edit Profile, Sign Out. */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  onEditProfile: () => void;
}

export function MobileMenu({ open, onClose, onEditProfile }: MobileMenuProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  return (
    <>
      {open && <div className="mobile-menu-backdrop mobile-only" onClick={onClose} aria-hidden="true" />}
      <nav id="mobile-menu" className={`mobile-menu mobile-only${open ? ' open' : ''}`} aria-label="Mobile menu" hidden={!open} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <button ref={closeRef} type="button" className="icon-button mobile-menu-close" aria-label="Close menu" onClick={onClose}>×</button>
        <ul>
          <li><Link to="/dashboard" onClick={onClose}>My Dashboard</Link></li>
          <li><button type="button" className="link-button" onClick={() => { onClose(); onEditProfile(); }}>Edit Profile</button></li>
          <li><Link to="/auth/logout">Sign Out</Link></li>
        </ul>
      </nav>
    </>
  );
}
