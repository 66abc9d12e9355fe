/**
 * The find box above the transcript's lines: the field (Ctrl/Cmd+F focuses it), "3 of 12" read out as it changes,
 * Enter / Shift+Enter and the arrow buttons for the next and previous match, Escape to clear.
 */
import { useId } from 'react';
import { matchCount } from '../transcript-find.js';
import type { TranscriptFind } from '../use-transcript-find.js';

export function TranscriptFindBar({ find }: { find: TranscriptFind }) {
  const id = useId();
  const total = find.matches.length;
  return (
    <div className="transcript-find">
      <label htmlFor={id} className="visually-hidden">Find in transcript</label>
      <input
        id={id} ref={find.input} type="search" className="transcript-find-input" placeholder="Find in transcript" autoComplete="off"
        value={find.query} aria-keyshortcuts="Control+F Meta+F" aria-describedby={`${id}-count`}
        onChange={(e) => find.setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          find.step(e.shiftKey ? -1 : 1);
        }}
      />
      <span id={`${id}-count`} className="transcript-find-count" aria-live="polite" aria-atomic="true">
        {matchCount(find.query, total, find.index)}
      </span>
      <button type="button" className="icon-button transcript-find-step" aria-label="Previous match" aria-keyshortcuts="Shift+Enter"
        disabled={total === 0} onClick={() => find.step(-1)}>
        <span aria-hidden="true">↑</span>
      </button>
      <button type="button" className="icon-button transcript-find-step" aria-label="Next match" aria-keyshortcuts="Enter"
        disabled={total === 0} onClick={() => find.step(1)}>
        <span aria-hidden="true">↓</span>
      </button>
    </div>
  );
}
