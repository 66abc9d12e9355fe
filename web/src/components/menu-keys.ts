/** ↓/↑ (and Home/End) move between the items of an open `role="menu"` inside `root` (WAI-ARIA menu button pattern). */
export function moveInMenu(root: HTMLElement | null, event: { key: string; preventDefault(): void }): void {
  if (!root || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  const items = [...root.querySelectorAll<HTMLElement>('[role="menu"] [role="menuitem"]')];
  if (items.length === 0) return;
  event.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1
    : event.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
  items[next]!.focus();
}
