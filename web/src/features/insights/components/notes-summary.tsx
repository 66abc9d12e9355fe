/** The summary of the notes (spec §3 Notes): its points with their time ranges, under their chapters' headings when there are chapters. */
import type { NotesResponse, TimestampRangeView } from '@contracts/insights.js';
import { formatClock, formatClockRange } from '../../../lib/time.js';

/** A time range of the recording as a link that plays it from its start. */
export function RangeButton({ range, onPlay }: { range: TimestampRangeView | undefined; onPlay: (seconds: number) => void }) {
  if (!range) return null;
  const label = formatClockRange(range.start_time, range.end_time);
  return <button type="button" className="link-button time-range" onClick={() => onPlay(range.start_time)} aria-label={`Play from ${label}`}>{label}</button>;
}

/** The summary's points (by index) under the chapter they were said in: the last chapter started by the point's start. */
export function pointsByChapter(data: Pick<NotesResponse, 'summary' | 'timestamp_ranges' | 'chapters'>): number[][] {
  const chapters = data.chapters ?? [];
  const groups: number[][] = chapters.map(() => []);
  data.summary.forEach((_, i) => {
    const start = data.timestamp_ranges[i]?.start_time ?? 0;
    let at = 0;
    chapters.forEach((c, k) => { if (c.start_time <= start) at = k; });
    groups[at]?.push(i);
  });
  return groups;
}

/** The summary: its points under their chapters' headings (a heading plays the chapter), or one list without chapters. */
export function SummaryPoints({ data, onPlay }: { data: NotesResponse; onPlay: (seconds: number) => void }) {
  const point = (i: number) => <li key={i}>{data.summary[i]} <RangeButton range={data.timestamp_ranges[i]} onPlay={onPlay} /></li>;
  if (!data.chapters?.length) return <ul className="notes-summary">{data.summary.map((_, i) => point(i))}</ul>;
  const groups = pointsByChapter(data);
  return (
    <div className="notes-chapters">
      {/* Groups, not list items, so the summary's list items stay its points. */}
      {data.chapters.map((chapter, k) => (
        <div key={k} className="notes-chapter" role="group" aria-label={`Chapter ${k + 1}: ${chapter.title}`}>
          <h4 className="notes-chapter-title">
            <button type="button" className="link-button" onClick={() => onPlay(chapter.start_time)}
              aria-label={`Play chapter ${k + 1}, ${chapter.title}, from ${formatClock(chapter.start_time)}`}>
              {chapter.title}
            </button>
            <span className="notes-chapter-time">{formatClock(chapter.start_time)}</span>
          </h4>
          {groups[k]!.length > 0 && <ul className="notes-summary">{groups[k]!.map(point)}</ul>}
        </div>
      ))}
    </div>
  );
}
