/**
 * The meetings area of the home screen (spec §2 Meetings list): title, search, the page of meetings with
 * selection and bulk share, pagination, the minutes overlay, the upload progress, and the modals.
 * With a meeting id it shows that meeting alone; an operation (watchRecording, notes, transcript) runs at once.
 * It composes the features (meetings, search, share, upload, transcript, insights), which do not import each other.
 */
import type { User } from '@contracts/auth-users.js';
import { errorStatus } from '../../api/error-messages.js';
import { FeedbackDialog } from '../../components/feedback-dialog.js';
import { ErrorMessage } from '../../components/message.js';
import { MeetingDialogs } from '../../features/meetings/components/meeting-dialogs.js';
import { MeetingList } from '../../features/meetings/components/meeting-list.js';
import { NameSearchResults } from '../../features/meetings/components/name-search-results.js';
import { SearchBar } from '../../features/meetings/components/search-bar.js';
import { LOAD_ERROR, MINUTES_OVERLAY_TEXT, MINUTES_OVERLAY_TITLE, NO_MEETINGS, NOT_SHARED } from '../../features/meetings/list-messages.js';
import { useMeetingsPage } from '../../features/meetings/use-meetings-page.js';
import { ContentSearchResults } from '../../features/search/components/content-search-results.js';
import { MeetingSearchDialog } from '../../features/search/components/meeting-search-dialog.js';
import { ShareDialog } from '../../features/share/components/share-dialog.js';
import { ProgressCircle } from '../../features/upload/components/progress-circle.js';
import { ReviewDialogs } from './review-dialogs.js';

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
  const email = user?.email;
  const { page, setPage, totalPages, search, searchFor, list, meetings, filtered, refresh, actions, selection } = useMeetingsPage(email, meetingId, operation);
  const { data, error, isLoading } = list;
  const { dialog } = actions;
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
        {/* inert, not only aria-hidden: what the blur hides can be neither tabbed to nor read out (issue 35). */}
        <div className="meetings-content" inert={minutesUsedUp || undefined}>
          {!meetingId && <SearchBar type={search.type} query={search.query} onSearch={searchFor} />}
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
                <MeetingList
                  meetings={meetings}
                  email={email}
                  selection={selection}
                  page={page}
                  totalPages={totalPages}
                  onPage={setPage}
                  onOption={actions.run}
                  onOpenViewer={(m) => actions.open({ kind: 'viewer', meeting: m })}
                  onShareSelected={(selected) => actions.open({ kind: 'share', meetings: selected })}
                  onRenamed={refresh}
                />
              )}
            </>
          )}
        </div>
        {minutesUsedUp && (
          <div className="minutes-overlay" role="alert">
            <h2>{MINUTES_OVERLAY_TITLE}</h2>
            <p>{MINUTES_OVERLAY_TEXT}</p>
            {onUpgrade && <button type="button" className="button-primary" onClick={onUpgrade}>Upgrade</button>}
          </div>
        )}
      </div>
      <MeetingDialogs actions={actions} email={email} />
      {dialog?.kind === 'share' && <ShareDialog meetings={dialog.meetings} onClose={actions.close} onChanged={refresh} />}
      {dialog?.kind === 'feedback' && <FeedbackDialog email={email ?? ''} meetingId={dialog.meeting.id} onClose={actions.close} />}
      {dialog?.kind === 'search' && <MeetingSearchDialog meetingId={dialog.meeting.id} meetingName={dialog.meeting.name} onClose={actions.close} />}
      <ReviewDialogs dialog={dialog} email={email} onClose={actions.close} />
    </main>
  );
}
