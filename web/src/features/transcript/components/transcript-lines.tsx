/**
 * The speaker-labelled lines with their times. The time button plays from that line; with word times (the JSON
 * download) a click on any word plays from that word and the word being played is marked; the line being played is
 * marked and kept in view.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import type { TimedWord } from '../../../api/transcripts/get-transcript.js';
import { formatTime, type TranscriptLine } from '../transcript-text.js';

interface TranscriptLinesProps {
  lines: readonly TranscriptLine[];
  /** The words of each line with their times, when known (same order as `lines`). */
  words?: readonly (readonly TimedWord[])[];
  /** Index of the line being played, or -1. */
  active: number;
  /** The playing time, to mark the word being played. */
  time?: number;
  onPlay: (seconds: number) => void;
}

/** Index of the word being played at `seconds` within a line's words (the last one started by then), or -1. */
export function activeWordIndex(words: readonly TimedWord[], seconds: number | undefined): number {
  if (seconds === undefined) return -1;
  let active = -1;
  for (let i = 0; i < words.length && words[i]!.start <= seconds + 0.05; i += 1) active = i;
  return active;
}

export function TranscriptLines({ lines, words, active, time, onPlay }: TranscriptLinesProps) {
  const list = useRef<HTMLOListElement>(null);

  // Keep the line being played in view inside the list's own scroll area (or the page on a phone).
  useEffect(() => {
    const container = list.current;
    const item = container?.children[active] as HTMLElement | undefined;
    if (!container || !item) return;
    if (container.scrollHeight > container.clientHeight) {
      const top = item.offsetTop - container.offsetTop;
      if (top < container.scrollTop || top + item.offsetHeight > container.scrollTop + container.clientHeight) {
        container.scrollTop = Math.max(0, top - container.clientHeight / 3);
      }
    } else {
      item.scrollIntoView?.({ block: 'nearest' });
    }
  }, [active]);

  // A click on a word plays from it; elsewhere in the text, from the line.
  const playFrom = (line: TranscriptLine) => (event: MouseEvent<HTMLElement>) => {
    const start = (event.target as HTMLElement).closest<HTMLElement>('[data-start]')?.dataset.start;
    onPlay(start !== undefined ? Number(start) : line.start);
  };

  return (
    <ol ref={list} className="transcript-lines" aria-label="Transcript">
      {lines.map((line, i) => {
        const lineWords = words && words.length === lines.length ? words[i]! : [];
        const current = i === active ? activeWordIndex(lineWords, time) : -1;
        return (
          <li key={i} className={i === active ? 'transcript-line-active' : undefined} aria-current={i === active ? 'true' : undefined}>
            <div className="transcript-line">
              <button type="button" className="transcript-time" aria-label={`Play from ${formatTime(line.start)}`} title={`Play from ${formatTime(line.start)}`} onClick={() => onPlay(line.start)}>
                {formatTime(line.start)}
              </button>
              {line.speaker && <span className="transcript-speaker">{line.speaker}</span>}
              {/* Words are reached with the mouse; keyboard users play from the line's time button. */}
              <span className="transcript-text" onClick={playFrom(line)}>
                {lineWords.length > 0
                  ? lineWords.map((word, w) => (
                    <span key={w}>
                      {w > 0 && ' '}
                      <span className={w === current ? 'transcript-word transcript-word-active' : 'transcript-word'} data-start={word.start} title={`Play from ${formatTime(word.start)}`}>
                        {word.text}
                      </span>
                    </span>
                  ))
                  : line.text}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
