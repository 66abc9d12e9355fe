/**
 * The notes themselves (spec §2, §3 Notes): overview, summary, decisions and action items, each with its time range.
 * A silent recording shows a plain empty state, not empty headings.
 */
import { INSIGHTS_MESSAGES, type DecisionView, type NotesResponse } from '@contracts/insights.js';
import type { TodoistSelection } from '../use-todoist-selection.js';
import { NotesActionItems } from './notes-action-items.js';
import { RangeButton, SummaryPoints } from './notes-summary.js';

type Play = (seconds: number) => void;

function Decisions({ decisions, onPlay }: { decisions: DecisionView[]; onPlay: Play }) {
  return (
    <section aria-labelledby="notes-decisions">
      <h3 id="notes-decisions">Decisions</h3>
      {decisions.length === 0 ? <p>No decisions.</p> : (
        <ul className="notes-decisions">
          {decisions.map((d, i) => (
            <li key={i} className={d.suggested ? 'decision-suggested' : undefined}>
              {d.suggested && <span className="suggested-badge">Possible: </span>}
              {d.content} <RangeButton range={d.timestamp_range} onPlay={onPlay} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface NotesBodyProps { data: NotesResponse; onPlay: Play; selection: TodoistSelection; meetingId: string; isHost: boolean }

export function NotesBody({ data, onPlay, selection, meetingId, isHost }: NotesBodyProps) {
  const decisions = data.decisions;
  const overview = <section aria-labelledby="notes-overview"><h3 id="notes-overview">Overview</h3><p>{data.overview}</p></section>;
  if (data.summary.length === 0 && data.action_items.length === 0 && (decisions ?? []).length === 0) {
    return <>{overview}<p className="message notes-empty" role="status">{INSIGHTS_MESSAGES.notesEmpty}</p></>;
  }
  return (
    <>
      {overview}
      <section aria-labelledby="notes-summary">
        <h3 id="notes-summary">Summary</h3>
        {data.summary.length === 0 ? <p>No key points.</p> : <SummaryPoints data={data} onPlay={onPlay} />}
      </section>
      {decisions && <Decisions decisions={decisions} onPlay={onPlay} />}
      <NotesActionItems items={data.action_items} onPlay={onPlay} selection={selection} meetingId={meetingId} isHost={isHost} />
    </>
  );
}
