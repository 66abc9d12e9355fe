/**
 * The meetings area of the home screen (spec §2 Meetings list): title, search, the page of meetings with
 * selection and bulk share, pagination, the minutes overlay, the upload progress, and the modals.
 * With a meeting id it shows that meeting alone; an operation (watchRecording, notes, transcript) runs at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { MEETINGS_PAGE_SIZE } from '@contracts/meetings.js';
import type { User } from '@contracts/auth-users.js';
import { isMeetingsKey, useMeetings } from '../../../api/meetings/get-meetings.js';
import { ErrorMessage } from '../../../components/message.js';
import { FeedbackDialog } from '../../../components/feedback-dialog.js';
import { ShareDialog } from '../../share/components/share-dialog.js';
import { ProgressCircle } from '../../upload/components/progress-circle.js';
import { LOAD_ERROR, MINUTES_OVERLAY_TEXT, MINUTES_OVERLAY_TITLE, NO_MEETINGS, NOT_SHARED } from '../list-messages.js';
import { errorStatus } from '../../../api/error-messages.js';
import { pageCount } from '../../../components/page-window.js';
import { canBulkShare, canManage, DASHBOARD_OPERATIONS, meetingOptions } from '../permissions.js';
import { useMeetingActions } from '../use-meeting-actions.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { MeetingRow } from './meeting-row.js';
import { MeetingViewer } from './meeting-viewer.js';
import { ContentSearchResults } from '../../search/components/content-search-results.js';
import { NameSearchResults } from './name-search-results.js';
import { Pagination } from '../../../components/pagination.js';
import { RecordingPlayer } from './recording-player.js';
import { ReviewDialogs } from './review-dialogs.js';
import { SearchBar, type SearchType } from './search-bar.js';

interface MeetingsAreaProps {
  user: User | undefined;
  /** Opens the pricing modal from the minutes overlay. */
  onUpgrade?: () => void;
  meetingId?: string;
  operation?: string;
  /** Upload percent while an upload runs (the progress circle), else undefined. */
  uploadPercent?: number;
}

export function MeetingsArea({ user, meetingId, operation, uploadPercent, onUpgrade }: MeetingsAreaProps) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<{ type: SearchType; query: string }>({ type: 'Name', query: '' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { data, error, isLoading } = useMeetings({ page, meetingId });
  const { mutate } = useSWRConfig();
  const refresh = useCallback(() => void mutate(isMeetingsKey), [mutate]);
  const email = user?.email;
  const actions = useMeetingActions(refresh);
  const meetings = data?.results ?? [];
  const filtered = meetingId ? meetings.find((m) => m.id === meetingId) : undefined;

  const ranOperation = useRef(false);
  useEffect(() => {
    const wanted = DASHBOARD_OPERATIONS.find((o) => o === operation);
    if (!wanted || !filtered || ranOperation.current || !meetingOptions(filtered, email).includes(wanted)) return;
    ranOperation.current = true;
    actions.run(filtered, wanted);
  }, [operation, filtered, email, actions]);

  useEffect(() => setSelected(new Set()), [page, meetingId]);
  // A delete can empty the last page: step back to the page before it.
  useEffect(() => {
    if (data && data.results.length === 0 && page > 1) setPage(page - 1);
  }, [data, page]);

  const selectable = meetings.filter((m) => canManage(m, email));
  const selectedMeetings = meetings.filter((m) => selected.has(m.id));
  const allSelected = selectable.length > 0 && selectable.every((m) => selected.has(m.id));
  const toggle = (id: string) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const minutesUsedUp = user !== undefined && user.minutes < 0;

  return (
    <main className="meetings-area">
      <div className="meetings-title">
        <h1>{filtered ? filtered.name : 'My Meetings'}</h1>
        {meetingId && (
          <button type="button" className="icon-button" aria-label="Show all meetings" onClick={() => window.location.assign('/home')}>×</button>
        )}
        {uploadPercent !== undefined && <ProgressCircle percent={uploadPercent} />}
      </div>
      <div className={`minutes-overlay-host${minutesUsedUp ? ' used-up' : ''}`}>
        <div className="meetings-content" aria-hidden={minutesUsedUp || undefined}>
          {!meetingId && <SearchBar type={search.type} query={search.query} onSearch={(type, query) => { setSearch({ type, query }); setPage(1); }} />}
          <ErrorMessage>{actions.error}</ErrorMessage>
          {search.query && !meetingId ? (
            search.type === 'Name'
              ? <NameSearchResults key={search.query} query={search.query} />
              : <ContentSearchResults key={`${search.type}:${search.query}`} type={search.type} query={search.query} />
          ) : (
            <>
              {error && <ErrorMessage>{meetingId && errorStatus(error) === 404 ? NOT_SHARED : LOAD_ERROR}</ErrorMessage>}
              {!error && isLoading && <p className="empty-state">Loading...</p>}
              {!error && data && meetings.length === 0 && <p className="empty-state">{NO_MEETINGS}</p>}
              {meetings.length > 0 && (
                <>
                  {selectable.length > 0 && (
                    <div className="bulk-bar">
                      <label className="checkbox-field">
                        <input
                          type="checkbox"
                          checked={allSelected}
                          onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((m) => m.id)))}
                        />
                        Select all
                      </label>
                      <button
                        type="button"
                        className="button-secondary button-small"
                        disabled={!canBulkShare(selectedMeetings, email)}
                        onClick={() => actions.open({ kind: 'share', meetings: selectedMeetings })}
                      >
                        Share selected ({selectedMeetings.length})
                      </button>
                    </div>
                  )}
                  <ul className="meeting-list" aria-label="Meetings">
                    {meetings.map((meeting) => (
                      <MeetingRow
                        key={meeting.id}
                        meeting={meeting}
                        email={email}
                        selected={selected.has(meeting.id)}
                        onToggleSelected={toggle}
                        onOption={actions.run}
                        onOpenViewer={(m) => actions.open({ kind: 'viewer', meeting: m })}
                        onRenamed={refresh}
                      />
                    ))}
                  </ul>
                  <Pagination page={page} totalPages={pageCount(data?.count ?? 0, MEETINGS_PAGE_SIZE)} onChange={setPage} />
                </>
              )}
            </>
          )}
        </div>
        {minutesUsedUp && (
          <div className="minutes-overlay" role="alert">
            <h2>{MINUTES_OVERLAY_TITLE}</h2>
            <p>{MINUTES_OVERLAY_TEXT}</p>
            {onUpgrade && <button type="button" className="primary" onClick={onUpgrade}>Upgrade</button>}
          </div>
        )}
      </div>
      {actions.dialog?.kind === 'viewer' && (
        <MeetingViewer meeting={actions.dialog.meeting} email={email} onOption={actions.run} onClose={actions.close} />
      )}
      {actions.dialog?.kind === 'share' && <ShareDialog meetings={actions.dialog.meetings} onClose={actions.close} onChanged={refresh} />}
      {actions.dialog?.kind === 'feedback' && (
        <FeedbackDialog email={email ?? ''} meetingId={actions.dialog.meeting.id} onClose={actions.close} />
      )}
      {actions.dialog?.kind === 'player' && <RecordingPlayer recording={actions.dialog.recording} onClose={actions.close} />}
      <ReviewDialogs dialog={actions.dialog} email={email} onClose={actions.close} />
      {actions.dialog?.kind === 'delete' && (
        <ConfirmDialog
          text="You want to delete this meeting?"
          confirmLabel="Yes, Delete it!"
          cancelLabel="No"
          busy={actions.busy}
          error={actions.dialogError}
          onConfirm={() => void actions.confirmDelete()}
          onCancel={actions.close}
        />
      )}
    </main>
  );
}
