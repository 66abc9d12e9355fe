/**
 * The meeting notes modal (spec §2, §3 Notes): overview, summary, decisions and action items (with owner
 * and due date), each with its time range; a click on a range plays the recording from there. For the host with
 * Todoist connected, each not-yet-stored action item with an id has a checkbox; checked items reveal 'Add to
 * Todoist', and after success all checks reset (spec §2). 'Open in BasicOps' links the note stored there.
 * 404 → "being generated" (§8). A silent recording shows a plain empty state, not empty headings. The host
 * can generate the notes again (after renaming speakers or a transcript change). Notes made before the host corrected
 * a transcript line say so at the top (`transcript_edited_at`), with the Regenerate button for the host (issue 17).
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { INSIGHTS_MESSAGES, type NotesResponse, type TimestampRangeView } from '@contracts/insights.js';
import { ApiError } from '../../../api/api-client.js';
import { notesKey, useNotes } from '../../../api/insights/get-notes.js';
import { regenerateNotes } from '../../../api/insights/regenerate-notes.js';
import { storeActionItemsInTodoist } from '../../../api/insights/store-action-items.js';
import { useUser } from '../../../api/users/get-user.js';
import { Modal } from '../../../components/modal.js';
import { SpeakerNameSuggestionsOnDemand } from '../../../components/speaker-name-suggestions-on-demand.js';
import { formatClock } from '../../../lib/time.js';
import { MomentPlayer } from './moment-player.js';
import { SuggestionControls } from './suggestion-review.js';

interface NotesModalProps {
  meetingId: string;
  meetingName: string;
  onClose: () => void;
  /** The host may generate the notes again (the server answers 403 to anyone else). */
  canRegenerate?: boolean;
}

function RangeButton({ range, onPlay }: { range: TimestampRangeView | undefined; onPlay: (seconds: number) => void }) {
  if (!range) return null;
  const label = `${formatClock(range.start_time)} – ${formatClock(range.end_time)}`;
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
function SummaryPoints({ data, onPlay }: { data: NotesResponse; onPlay: (seconds: number) => void }) {
  const point = (i: number) => <li key={i}>{data.summary[i]} <RangeButton range={data.timestamp_ranges[i]} onPlay={onPlay} /></li>;
  if (!data.chapters?.length) return <ul className="notes-summary">{data.summary.map((_, i) => point(i))}</ul>;
  const groups = pointsByChapter(data);
  return (
    <div className="notes-chapters">
      {/* Groups, not list items, so the summary's list items stay its points. */}
      {data.chapters.map((chapter, k) => (
        <div key={k} className="notes-chapter" role="group" aria-label={`Chapter ${k + 1}: ${chapter.title}`}>
          <h4 className="notes-chapter-title">
            <button type="button" className="link-button" onClick={() => onPlay(chapter.start_time)} aria-label={`Play chapter ${k + 1}, ${chapter.title}, from ${formatClock(chapter.start_time)}`}>
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

const said = (content: string, due: string) => content.toLowerCase().includes(due.toLowerCase());

/** §8 text when storing fails without a reason the user can act on. */
export const TODOIST_STORE_FAILED = 'There was problem while storing your action items in Todoist. Please contact support.';

interface Selection { checked: ReadonlySet<number>; toggle(number: number): void; enabled: boolean }

interface NotesBodyProps { data: NotesResponse; onPlay: (seconds: number) => void; selection: Selection; meetingId: string; isHost: boolean }

function NotesBody({ data, onPlay, selection, meetingId, isHost }: NotesBodyProps) {
  const decisions = data.decisions;
  if (data.summary.length === 0 && data.action_items.length === 0 && (decisions ?? []).length === 0) {
    return (
      <>
        <section aria-labelledby="notes-overview"><h3 id="notes-overview">Overview</h3><p>{data.overview}</p></section>
        <p className="message notes-empty" role="status">{INSIGHTS_MESSAGES.notesEmpty}</p>
      </>
    );
  }
  return (
    <>
      <section aria-labelledby="notes-overview"><h3 id="notes-overview">Overview</h3><p>{data.overview}</p></section>
      <section aria-labelledby="notes-summary">
        <h3 id="notes-summary">Summary</h3>
        {data.summary.length === 0 ? <p>No key points.</p> : <SummaryPoints data={data} onPlay={onPlay} />}
      </section>
      {decisions && (
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
      )}
      <section aria-labelledby="notes-actions">
        <h3 id="notes-actions">Action Items</h3>
        {data.action_items.length === 0 ? <p>No action items.</p> : (
          <ol className="action-items">
            {data.action_items.map((item) => (
              <li key={item.id ?? item.number} data-number={item.number} data-owner={item.owner ?? ''} data-status={item.status ?? 'open'}
                className={[item.status === 'done' ? 'action-item-done' : '', item.suggested ? 'action-item-suggested' : ''].filter(Boolean).join(' ') || undefined}>
                {item.status === 'done' && <span className="done-badge">Done: </span>}
                {item.suggested && <span className="suggested-badge">Suggested: </span>}
                {selection.enabled && item.id && !item.stored_in_todoist && (
                  <input type="checkbox" className="action-item-check" aria-label={`Add action item ${item.number} to Todoist`}
                    checked={selection.checked.has(item.number)} onChange={() => selection.toggle(item.number)} />
                )}
                {item.stored_in_todoist && <span className="stored-badge" title="Stored in Todoist">✓ </span>}
                {item.content}
                {item.due && !said(item.content, item.due) && <span className="due"> (due {item.due})</span>}
                {' '}<RangeButton range={item.timestamp_range} onPlay={onPlay} />
                {item.suggested && isHost && item.id && <SuggestionControls meetingId={meetingId} itemId={item.id} number={item.number} />}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

export function NotesModal({ meetingId, meetingName, onClose, canRegenerate = false }: NotesModalProps) {
  const { data, error, isLoading } = useNotes(meetingId);
  const { mutate } = useSWRConfig();
  const [playAt, setPlayAt] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const notReady = error instanceof ApiError && error.status === 404;
  const { data: user } = useUser();
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [storing, setStoring] = useState(false);
  const [storeOutcome, setStoreOutcome] = useState<{ ok: boolean; text: string }>();
  const selection: Selection = {
    checked,
    enabled: canRegenerate && Boolean(user?.todoist_integrated && user.todoist_access_token_exists),
    toggle: (number) => setChecked((current) => {
      const next = new Set(current);
      if (!next.delete(number)) next.add(number);
      return next;
    }),
  };

  const addToTodoist = async () => {
    if (!data) return;
    setStoring(true);
    setStoreOutcome(undefined);
    try {
      const answer = await storeActionItemsInTodoist(data.notes_id, [...checked].sort((a, b) => a - b));
      await mutate(notesKey(meetingId), { ...data, action_items: answer.action_items }, { revalidate: false });
      setChecked(new Set());
      setStoreOutcome({ ok: true, text: 'Added to your Todoist inbox.' });
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.data as { detail?: unknown; non_field_errors?: unknown } | null) : null;
      const reason = typeof body?.detail === 'string' ? body.detail : Array.isArray(body?.non_field_errors) ? String(body.non_field_errors[0]) : undefined;
      setStoreOutcome({ ok: false, text: reason ?? TODOIST_STORE_FAILED });
      await mutate(notesKey(meetingId));
    } finally {
      setStoring(false);
    }
  };

  const regenerate = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const notes = await regenerateNotes(meetingId);
      await mutate(notesKey(meetingId), notes, { revalidate: false });
      setOutcome({ ok: true, text: INSIGHTS_MESSAGES.notesRegenerated });
    } catch (failure) {
      const detail = failure instanceof ApiError ? (failure.data as { detail?: unknown } | null)?.detail : undefined;
      setOutcome({ ok: false, text: typeof detail === 'string' ? detail : INSIGHTS_MESSAGES.notesRegenerateFailed });
    } finally {
      setBusy(false);
    }
  };

  const outdated = Boolean(data?.transcript_edited_at);
  const regenerateControl = (
    <>
      <button type="button" className="button-secondary" onClick={() => void regenerate()} disabled={busy}>{busy ? 'Regenerating…' : 'Regenerate notes'}</button>
      {outcome && <p className={outcome.ok ? 'message' : 'message message-error'} role={outcome.ok ? 'status' : 'alert'}>{outcome.text}</p>}
    </>
  );

  return (
    <Modal title={`Meeting Notes: ${meetingName}`} onClose={onClose} className="notes-modal">
      {isLoading && <p>Loading...</p>}
      {/* Issue 17: a corrected transcript line leaves these notes describing the earlier text; the host decides when to regenerate. */}
      {outdated && (
        <div className="message notes-outdated" role="status">
          <p>{canRegenerate ? INSIGHTS_MESSAGES.notesOutdatedHost : INSIGHTS_MESSAGES.notesOutdatedReader}</p>
          {canRegenerate && <div className="notes-regenerate">{regenerateControl}</div>}
        </div>
      )}
      {notReady && <p className="message" role="status">{INSIGHTS_MESSAGES.notesGenerating}</p>}
      {error && !notReady && <p className="message message-error" role="alert">{INSIGHTS_MESSAGES.notesFailed}</p>}
      {data && (
        <div className="notes">
          {/* Names said in the meeting (issue 30): an accepted one shows in these notes at once (they are read under the current names). */}
          <SpeakerNameSuggestionsOnDemand meetingId={meetingId} enabled={canRegenerate} />
          <NotesBody data={data} onPlay={setPlayAt} selection={selection} meetingId={meetingId} isHost={canRegenerate} />
          {checked.size > 0 && (
            <button type="button" className="button-primary" onClick={() => void addToTodoist()} disabled={storing}>
              {storing ? 'Adding…' : 'Add to Todoist'}
            </button>
          )}
          {storeOutcome && <p className={storeOutcome.ok ? 'message' : 'message message-error'} role={storeOutcome.ok ? 'status' : 'alert'}>{storeOutcome.text}</p>}
          {data.basicops_note_url && (
            <p><a href={data.basicops_note_url} target="_blank" rel="noopener noreferrer">Open in BasicOps</a></p>
          )}
          {canRegenerate && (data.delivery_notices ?? []).map((notice, i) => <p key={i} className="message" role="status">{notice}</p>)}
          <MomentPlayer meetingId={meetingId} at={playAt} />
        </div>
      )}
      {canRegenerate && !outdated && (data || (error instanceof ApiError && error.status === 409)) && (
        <div className="notes-regenerate">{regenerateControl}</div>
      )}
    </Modal>
  );
}
