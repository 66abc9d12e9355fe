/**
 * The transcript modal's player keys: Space plays or pauses, ←/→ go 5 s back or on, anywhere in the open modal (a
 * clicked word leaves the focus on the dialog); not while typing in a field, on the player's own controls, on the
 * toolbar or on the Close button.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** While `enabled`, the keys act on the `<video>` inside `area`, or ask `playFrom` to start it at `time`. */
export function usePlayerKeys(enabled: boolean, area: RefObject<HTMLElement | null>, time: number | undefined, playFrom: (seconds: number) => void) {
  const keysRef = useRef<(event: KeyboardEvent) => void>(() => undefined);
  keysRef.current = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (!(target instanceof Element) || !target.closest('[role="dialog"]')) {
      if (target !== document.body) return;
    }
    if (target.closest('input, textarea, select, video, .transcript-toolbar, form, .transcript-tools, [data-close]')) return;
    const video = area.current?.querySelector('video');
    if (event.key === ' ') {
      event.preventDefault();
      if (!video) playFrom(time ?? 0);
      else if (video.paused) void video.play()?.catch(() => undefined);
      else video.pause();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const delta = event.key === 'ArrowLeft' ? -5 : 5;
      if (!video) playFrom((time ?? 0) + delta);
      else video.currentTime = Math.max(0, Math.min(Number.isFinite(video.duration) ? video.duration : Infinity, video.currentTime + delta));
    }
  };
  useEffect(() => {
    if (!enabled) return undefined;
    const listener = (event: KeyboardEvent) => keysRef.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
