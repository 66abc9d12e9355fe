/**
 * A meeting's chapters as segments of one bar under a player, each as wide as its share of the recording: a click
 * (or Enter/Space on the focused segment) jumps to the chapter's start. The chapter playing is marked and named
 * under the bar, so on a phone, where segments are too narrow for titles, it still reads.
 */
import type { ChapterView } from '@contracts/insights.js';
import { formatClock } from '../lib/time.js';

interface ChapterBarProps {
  chapters: readonly ChapterView[];
  /** The playing time (seconds), to mark the current chapter. */
  time: number | undefined;
  onJump: (seconds: number) => void;
}

/** Index of the chapter playing at `time` (the last one started by then), -1 before any. */
function currentChapter(chapters: readonly ChapterView[], time: number | undefined): number {
  if (time === undefined) return -1;
  let current = -1;
  chapters.forEach((c, i) => { if (c.start_time <= time + 0.05) current = i; });
  return current;
}

export function ChapterBar({ chapters, time, onJump }: ChapterBarProps) {
  if (chapters.length === 0) return null;
  const current = currentChapter(chapters, time);
  return (
    <nav className="chapter-bar" aria-label="Chapters">
      <ol className="chapter-segments">
        {chapters.map((c, i) => (
          <li key={i} style={{ flexGrow: Math.max(1, c.end_time - c.start_time) }}>
            <button type="button" className={i === current ? 'chapter-segment chapter-segment-current' : 'chapter-segment'}
              aria-current={i === current ? 'true' : undefined} title={`${c.title} (${formatClock(c.start_time)})`}
              aria-label={`Chapter ${i + 1}: ${c.title}, from ${formatClock(c.start_time)}`} onClick={() => onJump(c.start_time)}>
              <span className="chapter-segment-title">{c.title}</span>
            </button>
          </li>
        ))}
      </ol>
      <p className="chapter-now" aria-live="polite">
        {current >= 0 ? `Chapter ${current + 1} of ${chapters.length}: ${chapters[current].title}` : `${chapters.length} chapters`}
      </p>
    </nav>
  );
}
