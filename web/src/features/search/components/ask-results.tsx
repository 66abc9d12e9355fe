/**
 * The Ask answer (docs/search.md, "Ask"): the answer, then each citation with its meeting, time and speaker, the
 * chapter it is in (when the meeting has chapters) and the sentences that answer marked; a citation plays the recording
 * at its moment (its chapter at the chapter's start), and inside a meeting's transcript it can also show the transcript
 * there. A generated answer says so, and its `[n]` link to citation n.
 */
import { useId, type ReactNode } from 'react';
import type { AskAnswer, AskCitation } from '@contracts/ask.js';
import { useAsk } from '../../../api/search/ask.js';
import { ErrorMessage } from '../../../components/message.js';
import { formatClock } from '../../../lib/time.js';
import type { Moment } from './recording-at.js';
import { SEARCH_ERROR } from './text-search-results.js';

const GENERATED_NOTE = 'Written by a language model from the passages below; check them before relying on it.';

/** A citation's text with its highlight ranges wrapped in <mark>. */
function MarkedText({ text, highlights }: Pick<AskCitation, 'text' | 'highlights'>) {
  const parts: ReactNode[] = [];
  let at = 0;
  highlights.forEach(([start, end], i) => {
    if (start > at) parts.push(<span key={`t${i}`}>{text.slice(at, start)}</span>);
    parts.push(<mark key={`m${i}`}>{text.slice(start, end)}</mark>);
    at = end;
  });
  if (at < text.length) parts.push(<span key="rest">{text.slice(at)}</span>);
  return <span className="ask-citation-text">{parts}</span>;
}

/** A generated answer with each `[n]` a link to citation n. */
function AnswerText({ answer, idPrefix, count }: { answer: AskAnswer; idPrefix: string; count: number }) {
  if (answer.mode !== 'generated') return <p className="ask-answer-text">{answer.answer}</p>;
  const parts = answer.answer.split(/(\[\d+\])/);
  return (
    <>
      <p className="ask-answer-text">
        {parts.map((part, i) => {
          const n = /^\[(\d+)\]$/.exec(part)?.[1];
          return n && Number(n) >= 1 && Number(n) <= count
            ? <a key={i} href={`#${idPrefix}-${n}`} aria-label={`source ${n}`}>{part}</a>
            : <span key={i}>{part}</span>;
        })}
      </p>
      <p className="hint ask-generated-note">{GENERATED_NOTE}</p>
    </>
  );
}

interface AskResultsProps {
  question: string;
  meetingId?: string;
  /** Plays the recording from the citation's moment; left out where there is no recording to play. */
  onOpen?: (moment: Moment) => void;
  /** Shows the transcript at the citation's first line (inside a meeting's transcript). */
  onShowLine?: (line: number) => void;
}

export function AskResults({ question, meetingId, onOpen, onShowLine }: AskResultsProps) {
  const { data, error, isLoading } = useAsk(question, meetingId);
  const idPrefix = `ask-citation${useId().replace(/:/g, '')}`;
  if (isLoading && !data) return <p className="empty-state" role="status">Looking through your meetings...</p>;
  if (error) return <ErrorMessage>{SEARCH_ERROR}</ErrorMessage>;
  if (!data) return null;
  return (
    <section className="ask-answer" aria-label="Answer" aria-live="polite">
      <AnswerText answer={data} idPrefix={idPrefix} count={data.citations.length} />
      {data.citations.length > 0 && (
        <ol className="search-hits ask-citations" aria-label="Where the answer comes from">
          {data.citations.map((c, i) => (
            <li key={`${c.meeting_id}-${c.turns[0]}`} id={`${idPrefix}-${i + 1}`} tabIndex={-1}>
              {onOpen ? (
                // The visible text is the accessible name (axe label-content-name-mismatch).
                <button type="button" className="search-hit"
                  onClick={() => onOpen({ meetingId: c.meeting_id, meetingName: c.meeting_name, timestamp: c.start_time })}>
                  <span className="search-hit-title">Play {c.meeting_name} from {formatClock(c.start_time)}</span>
                </button>
              ) : (
                <span className="search-hit search-hit-title">{c.meeting_name} · {formatClock(c.start_time)}</span>
              )}
              {c.speaker && <span className="search-hit-time">{c.speaker}</span>}
              {onShowLine && (
                <button type="button" className="link-button ask-show-line" onClick={() => onShowLine(c.turns[0])}>
                  Show in transcript at {formatClock(c.start_time)}
                </button>
              )}
              {c.chapter && (onOpen ? (
                // The visible text is the accessible name (axe label-content-name-mismatch).
                <button type="button" className="link-button ask-citation-chapter"
                  onClick={() => onOpen({ meetingId: c.meeting_id, meetingName: c.meeting_name, timestamp: c.chapter!.start_time })}>
                  Play chapter {c.chapter.title} from {formatClock(c.chapter.start_time)}
                </button>
              ) : (
                <span className="ask-citation-chapter">Chapter: {c.chapter.title} · {formatClock(c.chapter.start_time)}</span>
              ))}
              <MarkedText text={c.text} highlights={c.highlights} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
