/**
 * The meeting notes modal (spec §2, §3 Notes): overview, summary and action items, each with its time
 * range; a click on a range plays the recording from there. Action items show no checkbox until the task
 * service can store them (spec §2: items that cannot be stored show none). 404 → "being generated" (§8).
 */
import { useState } from 'react';
import { INSIGHTS_MESSAGES, type TimestampRangeView } from '../../../../../functions/contracts/insights.js';
import { ApiError } from '../../../api/api-client.js';
import { useNotes } from '../../../api/insights/get-notes.js';
import { Modal } from '../../../components/modal.js';
import { formatSeconds } from '../chart-model.js';
import { MomentPlayer } from './moment-player.js';

interface NotesModalProps { meetingId: string; meetingName: string; onClose: () => void }

function RangeButton({ range, onPlay }: { range: TimestampRangeView | undefined; onPlay: (seconds: number) => void }) {
  if (!range) return null;
  const label = `${formatSeconds(range.start_time)} – ${formatSeconds(range.end_time)}`;
  return <button type="button" className="link-button time-range" onClick={() => onPlay(range.start_time)} aria-label={`Play from ${formatSeconds(range.start_time)}`}>{label}</button>;
}

export function NotesModal({ meetingId, meetingName, onClose }: NotesModalProps) {
  const { data, error, isLoading } = useNotes(meetingId);
  const [playAt, setPlayAt] = useState<number>();
  const notReady = error instanceof ApiError && error.status === 404;

  return (
    <Modal title={`Meeting Notes: ${meetingName}`} onClose={onClose} className="notes-modal">
      {isLoading && <p>Loading...</p>}
      {notReady && <p className="message" role="status">{INSIGHTS_MESSAGES.notesGenerating}</p>}
      {error && !notReady && <p className="message message-error" role="alert">{INSIGHTS_MESSAGES.notesFailed}</p>}
      {data && (
        <div className="notes">
          <section aria-labelledby="notes-overview"><h3 id="notes-overview">Overview</h3><p>{data.overview}</p></section>
          <section aria-labelledby="notes-summary">
            <h3 id="notes-summary">Summary</h3>
            <ul className="notes-summary">
              {data.summary.map((point, i) => <li key={i}>{point} <RangeButton range={data.timestamp_ranges[i]} onPlay={setPlayAt} /></li>)}
            </ul>
          </section>
          <section aria-labelledby="notes-actions">
            <h3 id="notes-actions">Action Items</h3>
            {data.action_items.length === 0 ? <p>No action items.</p> : (
              <ol className="action-items">
                {data.action_items.map((item) => (
                  <li key={item.id ?? item.number} data-number={item.number}>
                    {item.content} <RangeButton range={item.timestamp_range} onPlay={setPlayAt} />
                  </li>
                ))}
              </ol>
            )}
          </section>
          <MomentPlayer meetingId={meetingId} at={playAt} />
        </div>
      )}
    </Modal>
  );
}
