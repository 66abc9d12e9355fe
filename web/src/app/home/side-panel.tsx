/**
 * The desktop side panel (spec §2): '{first name}'s Meeting', 'Edit my profile', the upload form,
 * Submit Feedback and the footer links.
 */
import type { User } from '@contracts/auth-users.js';
import { Link } from 'react-router-dom';
import { env } from '../../config/env.js';
import { IntegrateButtons } from '../../features/integrations/components/integrate-buttons.js';
import { UploadForm } from '../../features/upload/components/upload-form.js';
import type { UploadController } from '../../features/upload/use-upload.js';

interface SidePanelProps {
  user: User | undefined;
  upload: UploadController;
  onEditProfile: () => void;
  onFeedback: () => void;
  onPlans: () => void;
}

export function SidePanel({ user, upload, onEditProfile, onFeedback, onPlans }: SidePanelProps) {
  const pages = env.externalPages;
  return (
    <aside className="side-panel desktop-only" aria-label="Side panel">
      <h2>{user === undefined ? 'Loading...' : `${user.first_name}'s Meeting`}</h2>
      <button type="button" className="link-button" onClick={onEditProfile}>Edit my profile</button>
      <UploadForm upload={upload} minutes={user?.minutes} onPlans={onPlans} />
      <IntegrateButtons user={user} />
      <button type="button" className="button-secondary" disabled={!user} onClick={onFeedback}>Submit Feedback</button>
      <nav className="side-panel-nav" aria-label="Screens">
        <Link to="/dashboard">My Meetings</Link>
        <Link to="/action-items">Action items</Link>
      </nav>
      <footer className="side-panel-footer">
        <a href={pages.privacy} target="_blank" rel="noreferrer">Privacy</a>
        <a href={pages.terms} target="_blank" rel="noreferrer">Terms&amp;Conditions</a>
        <a href={pages.support} target="_blank" rel="noreferrer">Support</a>
        <a href={pages.documentation} target="_blank" rel="noreferrer">Documentation</a>
      </footer>
    </aside>
  );
}
