/** The header (spec §2): logo linking to /, the user menu, and the mobile menu toggle. */
import { Logo } from '../../components/logo.js';
import { UserMenu } from './user-menu.js';

interface AppHeaderProps {
  userName: string;
  mobileMenuOpen: boolean;
  onToggleMobileMenu: () => void;
  onSettings: () => void;
  onPlans: () => void;
}

export function AppHeader({ userName, mobileMenuOpen, onToggleMobileMenu, onSettings, onPlans }: AppHeaderProps) {
  return (
    <header className="app-header">
      <Logo />
      <div className="app-header-actions">
        <UserMenu name={userName} onSettings={onSettings} onPlans={onPlans} />
        <button
          type="button"
          className="icon-button mobile-only"
          aria-label="Menu"
          aria-expanded={mobileMenuOpen}
          aria-controls="mobile-menu"
          onClick={onToggleMobileMenu}
        >
          ☰
        </button>
      </div>
    </header>
  );
}
