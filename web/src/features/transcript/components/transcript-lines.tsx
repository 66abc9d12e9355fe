/** The speaker-labelled lines with their times; a click plays from that line, the line playing is marked. */
import { useEffect, useRef } from 'react';
import { formatTime, type TranscriptLine } from '../transcript-text.js';

interface TranscriptLinesProps {
  lines: readonly TranscriptLine[];
  /** Index of the line being played, or -1. */
  active: number;
  onPlay: (seconds: number) => void;
}

export function TranscriptLines({ lines, active, onPlay }: TranscriptLinesProps) {
  const list = useRef<HTMLOListElement>(null);

  // Keep the line being played in view inside the list's own scroll area.
  useEffect(() => {
    const container = list.current;
    const item = container?.children[active] as HTMLElement | undefined;
    if (!container || !item) return;
    const top = item.offsetTop - container.offsetTop;
    if (top < container.scrollTop || top + item.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTop = Math.max(0, top - container.clientHeight / 3);
    }
  }, [active]);

  return (
    <ol ref={list} className="transcript-lines" aria-label="Transcript">
      {lines.map((line, i) => (
        <li key={i} className={i === active ? 'transcript-line-active' : undefined} aria-current={i === active ? 'true' : undefined}>
          <button type="button" className="transcript-line" title={`Play from ${formatTime(line.start)}`} onClick={() => onPlay(line.start)}>
            <span className="transcript-time">{formatTime(line.start)}</span>
            {line.speaker && <span className="transcript-speaker">{line.speaker}</span>}
            <span className="transcript-text">{line.text}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
