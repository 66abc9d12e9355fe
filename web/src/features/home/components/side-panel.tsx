/** The desktop side panel (spec §2): '{first name}'s Meeting', 'Edit my profile' and the footer links. */
import { env } from '../../../config/env.js';

export function SidePanel({ firstName, onEditProfile }: { firstName: string | undefined; onEditProfile: () => void }) {
  const pages = env.externalPages;
  return (
    <aside className="side-panel desktop-only" aria-label="Side panel">
      <h2>{firstName === undefined ? 'Loading...' : `${firstName}'s Meeting`}</h2>
      <button type="button" className="link-button" onClick={onEditProfile}>Edit my profile</button>
      <footer className="side-panel-footer">
        <a href={pages.privacy} target="_blank" rel="noreferrer">Privacy</a>
        <a href={pages.terms} target="_blank" rel="noreferrer">Terms&amp;Conditions</a>
        <a href={pages.support} target="_blank" rel="noreferrer">Support</a>
        <a href={pages.documentation} target="_blank" rel="noreferrer">Documentation</a>
      </footer>
    </aside>
  );
}
