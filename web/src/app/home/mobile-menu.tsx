/**
 * The right slide-in menu under 769 px (spec §2): My Dashboard, Edit Profile, Sign Out — plus the upload
 * form and Submit Feedback, which live in the side panel on desktop and would be unreachable on phones.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@contracts/auth-users.js';
import { UploadForm } from '../../features/upload/components/upload-form.js';
import type { UploadController } from '../../features/upload/use-upload.js';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  onEditProfile: () => void;
  user?: User;
  upload?: UploadController;
  onFeedback?: () => void;
  onPlans?: () => void;
}

export function MobileMenu({ open, onClose, onEditProfile, user, upload, onFeedback, onPlans }: MobileMenuProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  return (
    <>
      {open && <div className="mobile-menu-backdrop mobile-only" onClick={onClose} aria-hidden="true" />}
      <nav id="mobile-menu" className={`mobile-menu mobile-only${open ? ' open' : ''}`} aria-label="Mobile menu" hidden={!open} onKeyDown={(e) =>
        e.key === 'Escape' && onClose()}>
        <button ref={closeRef} type="button" className="icon-button mobile-menu-close" aria-label="Close menu" onClick={onClose}>×</button>
        <ul>
          <li><Link to="/dashboard" onClick={onClose}>My Dashboard</Link></li>
          <li><Link to="/action-items" onClick={onClose}>Action items</Link></li>
          <li><button type="button" className="link-button" onClick={() => { onClose(); onEditProfile(); }}>Edit Profile</button></li>
          {onFeedback && user && (
            <li><button type="button" className="link-button" onClick={() => { onClose(); onFeedback(); }}>Submit Feedback</button></li>
          )}
          <li><Link to="/auth/logout">Sign Out</Link></li>
        </ul>
        {upload && <UploadForm upload={upload} minutes={user?.minutes} onStarted={onClose} onPlans={onPlans && (() => { onClose(); onPlans(); })} />}
      </nav>
    </>
  );
}
