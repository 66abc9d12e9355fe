/**
 * Keyboard focus for dialogs (issue 17): Tab and Shift+Tab cycle inside the dialog instead of leaving it for the
 * page behind the backdrop, and focus goes back to the control that opened it (or, when that control is gone, to
 * `fallback`, e.g. the menu button whose item opened the dialog).
 */
import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), ' +
  'video[controls], audio[controls], [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches inside `root`, in order (hidden ones and the focus guards skipped). */
function tabbables(root: HTMLElement): HTMLElement[] {
  // A player with controls is reached by Tab (its controls live in its shadow tree) though its tabIndex reads -1.
  const reachable = (el: HTMLElement) => el.tabIndex >= 0 || (el instanceof HTMLMediaElement && el.controls && el.getAttribute('tabindex') !== '-1');
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => reachable(el) && !el.closest('[hidden], [inert]') &&
    !el.hasAttribute('data-focus-guard')
    && (typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)));
}

/** Moves focus around the dialog's ends on Tab; answers whether it did (the caller then stops the browser's own move). */
function trapTab(root: HTMLElement, event: { key: string; shiftKey: boolean; preventDefault(): void }): boolean {
  if (event.key !== 'Tab') return false;
  const items = tabbables(root);
  if (items.length === 0) { event.preventDefault(); return true; }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement as HTMLElement | null;
  const inside = active !== null && root.contains(active);
  // A player's own controls sit in its shadow tree: let Tab move through them; the guard after it wraps round.
  if (inside && active instanceof HTMLMediaElement) return false;
  // From the dialog box itself (focused while it loaded) Tab goes to the first control, Shift+Tab to the last.
  if (!inside || active === root || (event.shiftKey && active === first) || (!event.shiftKey && active === last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
    return true;
  }
  return false;
}

/**
 * Traps Tab inside `ref` while mounted (listening on the document, so a Tab from the page behind, e.g. after a click on
 * the backdrop's text, also comes back in) and returns focus on unmount.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, options: { enabled?: boolean } = {}): void {
  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (!enabled) return;
    const previous = document.activeElement as HTMLElement | null;
    const onKeyDown = (event: KeyboardEvent) => {
      const root = ref.current;
      // Only the topmost dialog traps (a dialog opened from another one, like the pricing modal from settings).
      if (!root || event.defaultPrevented || !isTopmost(root)) return;
      trapTab(root, event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected && previous !== document.body) previous.focus?.();
    };
  }, [ref, enabled]);
}

function isTopmost(root: HTMLElement): boolean {
  const dialogs = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')];
  return dialogs.length === 0 || dialogs[dialogs.length - 1] === root;
}

/**
 * What a focus guard does when it receives focus (one sits at each end of a dialog, so a Tab that leaves the last
 * control — also from inside a video's own controls — lands on a guard and goes round to the other end).
 */
export function onGuardFocus(root: HTMLElement | null, edge: 'start' | 'end'): void {
  if (!root) return;
  const items = tabbables(root);
  const target = edge === 'start' ? items[items.length - 1] : items[0];
  (target ?? root).focus();
}
