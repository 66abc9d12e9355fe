/**
 * The speaker-labelled lines with their times. The time button plays from that line; with word times (the JSON
 * download) a click on any word plays from that word and the word being played is marked; the line being played is
 * marked and kept in view. With the meeting's chapters, each opens with a heading (title, time, speakers) and the
 * slide that was on screen, set beside its lines.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { ChapterView } from '@contracts/insights.js';
import type { TimedWord } from '../../../api/transcripts/get-transcript.js';
import { markedParts, type FindMatch } from '../transcript-find.js';
import { formatClock } from '../../../lib/time.js';
import type { TranscriptLine } from '../transcript-text.js';

interface TranscriptLinesProps {
  lines: readonly TranscriptLine[];
  /** The words of each line with their times, when known (same order as `lines`). */
  words?: readonly (readonly TimedWord[])[];
  /** Which lines' times are estimates (an imported transcript whose file gave no times; same order as `lines`). */
  estimated?: readonly boolean[];
  /** Index of the line being played, or -1. */
  active: number;
  /** The playing time, to mark the word being played. */
  time?: number;
  /** Plays from a time; absent when there is no recording (an imported transcript): times show as text. */
  onPlay?: (seconds: number) => void;
  /** Host correcting words: each line offers Edit; resolves to an error text, or undefined once saved. */
  onEdit?: (line: number, text: string) => Promise<string | undefined>;
  /** The meeting's chapters; `turns[0]` is the index of the line each opens at. */
  chapters?: readonly ChapterView[];
  /** The find box's matches (offsets in each line's shown text) and the current one, to highlight. */
  found?: { readonly matches: readonly FindMatch[]; readonly current?: FindMatch };
}

/** A chapter's heading, opening its first line's item (so the list keeps one item per line): title and time (a button playing from it), speakers, slide
 * picture. */
function ChapterHeading({ chapter, number, onPlay }: { chapter: ChapterView; number: number; onPlay?: (seconds: number) => void }) {
  return (
    <div className="transcript-chapter" data-chapter={number}>
      {chapter.slide?.thumbnail_url && (
        <img className="transcript-slide" src={chapter.slide.thumbnail_url} loading="lazy"
          alt={chapter.slide.title ? `Slide on screen: ${chapter.slide.title}` : 'Slide on screen'} />
      )}
      <h3 className="transcript-chapter-title">
        {onPlay ? (
          <button type="button" className="link-button" onClick={() => onPlay(
            chapter.start_time)} aria-label={`Play chapter ${number}, ${chapter.title}, from ${formatClock(chapter.start_time)}`}>
            {chapter.title}
          </button>
        ) : chapter.title}
        <span className="transcript-chapter-time">{formatClock(chapter.start_time)}</span>
      </h3>
      {chapter.speakers.length > 0 && <p className="transcript-chapter-speakers">{chapter.speakers.join(', ')}</p>}
    </div>
  );
}

/** The text of one line being corrected, with Save and Cancel. */
function LineEditor({ line, index, onEdit, onDone }: { line: TranscriptLine; index: number; onEdit: NonNullable<TranscriptLinesProps['onEdit']>; onDone: () =>
  void }) {
  const [text, setText] = useState(line.text);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const problem = await onEdit(index, text);
    setSaving(false);
    if (problem) setError(problem);
    else onDone();
  }
  return (
    <form className="transcript-line-editor" onSubmit={(e) => void save(e)} aria-label={`Correct the line at ${formatClock(line.start)}`}>
      <label className="visually-hidden" htmlFor={`line-${index}`}>Text of the line at {formatClock(line.start)}</label>
      <textarea id={`line-${index}`} className="textarea" rows={3} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
      {error && <p className="message message-error" role="alert">{error}</p>}
      <div className="modal-actions">
        <button type="button" className="button-secondary button-small" onClick={onDone} disabled={saving}>Cancel</button>
        <button type="submit" className="button-primary button-small" disabled={saving}>{saving ? 'Saving...' : 'Save'}</button>
      </div>
    </form>
  );
}

/** Plain and found runs of a text; the current match carries `data-find-current` (scrolled into view by the find box). */
function Marked({ text, offset, matches, current }: { text: string; offset: number; matches: readonly FindMatch[]; current?: FindMatch }) {
  if (matches.length === 0) return <>{text}</>;
  return (
    <>
      {markedParts(text, offset, matches, current).map((part, i) => (part.mark === 'none' ? <span key={i}>{part.text}</span> : (
        <mark key={i} className={part.mark === 'current' ? 'find-match find-match-current' : 'find-match'}
          data-find-current={part.mark === 'current' ? '' : undefined}>{part.text}</mark>
      )))}
    </>
  );
}

/** A line's shown text: its words (each playable, the one being played marked) when timed, else the plain text; with the find marks. */
function LineText({ line, words, current, matches, found }: {
  line: TranscriptLine; words: readonly TimedWord[]; current: number; matches: readonly FindMatch[]; found?: FindMatch;
}) {
  if (words.length === 0) return <Marked text={line.text} offset={0} matches={matches} current={found} />;
  let offset = 0;
  return (
    <>
      {words.map((word, w) => {
        const at = offset;
        offset += word.text.length + 1;
        return (
          <span key={w}>
            {w > 0 && ' '}
            <span className={w === current ? 'transcript-word transcript-word-active' : 'transcript-word'} data-start={word.start}
              title={`Play from ${formatClock(word.start)}`}>
              <Marked text={word.text} offset={at} matches={matches} current={found} />
            </span>
          </span>
        );
      })}
    </>
  );
}

/** Index of the word being played at `seconds` within a line's words (the last one started by then), or -1. */
export function activeWordIndex(words: readonly TimedWord[], seconds: number | undefined): number {
  if (seconds === undefined) return -1;
  let active = -1;
  for (let i = 0; i < words.length && words[i]!.start <= seconds + 0.05; i += 1) active = i;
  return active;
}

/** A line's time: a button playing from it when there is a recording, else text; "≈" marks an estimated time. */
function LineTime({ start, estimated, onPlay }: { start: number; estimated: boolean; onPlay?: (seconds: number) => void }) {
  const clock = formatClock(start);
  if (onPlay) {
    const label = `Play from ${estimated ? 'about ' : ''}${clock}`;
    return (
      <button type="button" className="transcript-time" aria-label={label} title={label} onClick={() => onPlay(start)}>
        {estimated ? `≈${clock}` : clock}
      </button>
    );
  }
  return estimated
    ? <span className="transcript-time" title="Estimated: the transcript file gave no times">≈{clock}</span>
    : <span className="transcript-time">{clock}</span>;
}

export function TranscriptLines({ lines, words, estimated, active, time, onPlay, onEdit, chapters = [], found }: TranscriptLinesProps) {
  // Chapters index the transcript's lines; a list that does not match them (edited since) shows none.
  const opening = new Map(chapters.every((c) => c.turns[1] < lines.length) ? chapters.map((c, i) => [c.turns[0], i] as const) : []);
  const list = useRef<HTMLOListElement>(null);
  const [editing, setEditing] = useState<number>();
  const matchesOf = useMemo(() => {
    const byLine = new Map<number, FindMatch[]>();
    for (const m of found?.matches ?? []) byLine.set(m.line, [...(byLine.get(m.line) ?? []), m]);
    return byLine;
  }, [found?.matches]);

  // Keep the line being played in view inside the list's own scroll area (or the page on a phone).
  useEffect(() => {
    const container = list.current;
    const item = container?.querySelector<HTMLElement>(`[data-line="${active}"]`) ?? undefined;
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
    onPlay?.(start !== undefined ? Number(start) : line.start);
  };

  return (
    <ol ref={list} className="transcript-lines" aria-label="Transcript">
      {lines.map((line, i) => {
        const lineWords = words && words.length === lines.length ? words[i]! : [];
        const current = i === active ? activeWordIndex(lineWords, time) : -1;
        const chapter = opening.get(i);
        return (
          <li key={i} data-line={i} className={i === active ? 'transcript-line-active' : undefined} aria-current={i === active ? 'true' : undefined}>
            {chapter !== undefined && <ChapterHeading chapter={chapters[chapter]!} number={chapter + 1} onPlay={onPlay} />}
            <div className="transcript-line">
              <LineTime start={line.start} estimated={estimated?.length === lines.length ? estimated[i]! : false} onPlay={onPlay} />
              {line.speaker && <span className="transcript-speaker">{line.speaker}</span>}
              {editing === i && onEdit ? (
                <LineEditor line={line} index={i} onEdit={onEdit} onDone={() => setEditing(undefined)} />
              ) : (
              /* Words are reached with the mouse; keyboard users play from the line's time button. */
              <span className="transcript-text" onClick={playFrom(line)}>
                <LineText line={line} words={lineWords} current={current} matches={matchesOf.get(i) ?? []} found={found?.current} />
              </span>
              )}
              {onEdit && editing !== i && (
                <button type="button" className="link-button transcript-edit" aria-label={`Edit line at ${formatClock(line.start)}`} onClick={() =>
                  setEditing(i)}>
                  Edit
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
