/**
 * The Ask answer (docs/search.md, "Ask"): the answering sentences, then each citation with its meeting, time and
 * speaker, the chapter it is in (when the meeting has chapters) and the sentences that answer marked; a citation opens
 * the recording at its moment, its chapter at the chapter's start.
 */
import type { ReactNode } from 'react';
import type { AskCitation } from '@contracts/ask.js';
import { useAsk } from '../../../api/search/ask.js';
import { ErrorMessage } from '../../../components/message.js';
import { formatTimestamp } from '../highlight.js';
import type { Moment } from './recording-at.js';
import { SEARCH_ERROR } from './text-search-results.js';

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

export function AskResults({ question, meetingId, onOpen }: { question: string; meetingId?: string; onOpen: (moment: Moment) => void }) {
  const { data, error, isLoading } = useAsk(question, meetingId);
  if (isLoading && !data) return <p className="empty-state" role="status">Looking through your meetings...</p>;
  if (error) return <ErrorMessage>{SEARCH_ERROR}</ErrorMessage>;
  if (!data) return null;
  return (
    <section className="ask-answer" aria-label="Answer" aria-live="polite">
      <p className="ask-answer-text">{data.answer}</p>
      {data.citations.length > 0 && (
        <ol className="search-hits ask-citations" aria-label="Where the answer comes from">
          {data.citations.map((c) => (
            <li key={`${c.meeting_id}-${c.turns[0]}`}>
              <button type="button" className="search-hit" onClick={() => onOpen({ meetingId: c.meeting_id, meetingName: c.meeting_name, timestamp: c.start_time })}
                aria-label={`Play ${c.meeting_name} from ${formatTimestamp(c.start_time)}`}>
                <span className="search-hit-title">{c.meeting_name}</span>
                <span className="search-hit-time">{formatTimestamp(c.start_time)}{c.speaker ? ` · ${c.speaker}` : ''}</span>
              </button>
              {c.chapter && (
                <button type="button" className="ask-citation-chapter" onClick={() => onOpen({ meetingId: c.meeting_id, meetingName: c.meeting_name, timestamp: c.chapter!.start_time })}
                  aria-label={`Play chapter ${c.chapter.title} of ${c.meeting_name} from ${formatTimestamp(c.chapter.start_time)}`}>
                  Chapter: {c.chapter.title} · {formatTimestamp(c.chapter.start_time)}
                </button>
              )}
              <MarkedText text={c.text} highlights={c.highlights} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
