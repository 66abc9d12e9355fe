/** The desktop options dropdown of a meeting row; its entries come from meetingOptions (spec §6). */
import { useEffect, useRef, useState } from 'react';
import { moveInMenu } from '../../../components/menu-keys.js';
import { OPTION_LABELS, type MeetingOption } from '../permissions.js';

interface OptionsMenuProps {
  meetingName: string;
  options: MeetingOption[];
  onSelect: (option: MeetingOption) => void;
}

export function OptionsMenu({ meetingName, options, onSelect }: OptionsMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** Closes the menu with the focus back on its button (so a dialog the item opens returns it there). */
  const close = () => { button.current?.focus(); setOpen(false); };

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="user-menu options-menu" ref={ref} onKeyDown={(e) => { if (e.key === 'Escape' && open) close(); else moveInMenu(ref.current, e); }}>
      <button ref={button} type="button" className="icon-button" aria-haspopup="menu" aria-expanded={open} aria-label={`Options for ${meetingName}`}
        onClick={() => setOpen((o) => !o)}>
        ⋮
      </button>
      {open && (
        <div role="menu" className="menu" aria-label={`Options for ${meetingName}`}>
          {options.map((option) => (
            <button key={option} type="button" role="menuitem" onClick={() => { close(); onSelect(option); }}>
              {OPTION_LABELS[option]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
