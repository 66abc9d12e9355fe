/** Header menu with the user's full name (or 'Loading...'), holding Settings, Plans and Sign Out. */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { moveInMenu } from '../../components/menu-keys.js';

export function UserMenu({ name, onSettings, onPlans }: { name: string; onSettings: () => void; onPlans: () => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** Closes the menu with the focus back on its button (so the settings dialog returns it there). */
  const close = () => { button.current?.focus(); setOpen(false); };
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="user-menu" ref={ref} onKeyDown={(e) => { if (e.key === 'Escape' && open) close(); else moveInMenu(ref.current, e); }}>
      <button ref={button} type="button" className="user-menu-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="user-name">{name}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div role="menu" className="menu" aria-label="Account">
          <button type="button" role="menuitem" onClick={() => { close(); onSettings(); }}>Settings</button>
          <button type="button" role="menuitem" onClick={() => { close(); onPlans(); }}>Plans</button>
          <button type="button" role="menuitem" onClick={() => navigate('/auth/logout')}>Sign Out</button>
        </div>
      )}
    </div>
  );
}
