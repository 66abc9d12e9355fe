/** Whether a CSS media query matches now, following changes (jsdom without matchMedia: false). */
import { useSyncExternalStore } from 'react';

/** Subscribes to `query`; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Under the 769 px breakpoint (spec §9). */
export const NARROW_QUERY = '(max-width: 768px)';
