/**
 * The state of the transcript's find box: the query, its matches in the lines and the current one; Ctrl/Cmd+F inside
 * the open modal focuses the field (instead of the browser's find, which cannot see lines outside the list's scroll
 * area), Escape in a field with text clears it (a second Escape closes the modal), and the current match is scrolled
 * into view.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { findMatches, stepMatch, type FindMatch } from './transcript-find.js';

export interface TranscriptFind {
  readonly query: string;
  readonly setQuery: (query: string) => void;
  readonly matches: readonly FindMatch[];
  /** Index of the current match (0 when there is none). */
  readonly index: number;
  readonly current: FindMatch | undefined;
  readonly step: (direction: 1 | -1) => void;
  readonly input: RefObject<HTMLInputElement | null>;
}

/** Find over `texts` (one per line); `enabled` while the lines are shown; `area` holds the lines, for scrolling. */
export function useTranscriptFind(texts: readonly string[], enabled: boolean, area: RefObject<HTMLElement | null>): TranscriptFind {
  const [query, setRawQuery] = useState('');
  const [index, setIndex] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => findMatches(texts, query), [texts, query]);
  const safeIndex = Math.min(index, Math.max(0, matches.length - 1));
  const current = matches[safeIndex];

  useFindKeys(enabled, input, query, () => setRawQuery(''));
  // The current match in view, within the list's own scroll area (or the page on a phone).
  useEffect(() => {
    if (!current) return;
    area.current?.querySelector<HTMLElement>('[data-find-current]')?.scrollIntoView?.({ block: 'center' });
  }, [current, area]);

  return {
    query,
    setQuery: (next) => { setRawQuery(next); setIndex(0); },
    matches,
    index: safeIndex,
    current,
    step: (direction) => setIndex(stepMatch(safeIndex, matches.length, direction)),
    input,
  };
}

/** Ctrl/Cmd+F focuses the field while the modal is open; Escape in the field with text clears it and stays in the modal. */
function useFindKeys(enabled: boolean, input: RefObject<HTMLInputElement | null>, query: string, clear: () => void) {
  const latest = useRef({ query, clear });
  latest.current = { query, clear };
  useEffect(() => {
    if (!enabled) return undefined;
    const onFind = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'f' || !input.current) return;
      const target = event.target as Element | null;
      if (target !== document.body && !(target instanceof Element && input.current.closest('[role="dialog"]')?.contains(target))) return;
      event.preventDefault();
      input.current.focus();
      input.current.select();
    };
    // Before the modal's own Escape (a capture listener on the document), so a field with text is cleared, not the modal closed.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== input.current || latest.current.query === '') return;
      event.preventDefault();
      event.stopPropagation();
      latest.current.clear();
    };
    document.addEventListener('keydown', onFind);
    window.addEventListener('keydown', onEscape, true);
    return () => {
      document.removeEventListener('keydown', onFind);
      window.removeEventListener('keydown', onEscape, true);
    };
  }, [enabled, input]);
}
