/**
 * The meeting notes modal (spec §2, §3 Notes), put together from one part per job: the notes (`notes-body.tsx`), the
 * items chosen for Todoist (`use-todoist-selection.ts`, `notes-action-items.tsx`), regenerating (`use-notes-regenerate.ts`,
 * `notes-regenerate.tsx`), the moment player (a click on a time range plays the recording from there) and the links and
 * notices of delivery ('Open in BasicOps' links the note stored there). 404 → "being generated" (§8).
 */
import { useState } from 'react';
import { INSIGHTS_MESSAGES, type NotesResponse } from '@contracts/insights.js';
import { errorStatus } from '../../../api/error-messages.js';
import { useNotes } from '../../../api/insights/get-notes.js';
import { Modal } from '../../../components/modal.js';
import { SpeakerNameSuggestionsOnDemand } from '../../../components/speaker-name-suggestions-on-demand.js';
import { useNotesRegenerate } from '../use-notes-regenerate.js';
import { useTodoistSelection } from '../use-todoist-selection.js';
import { MomentPlayer } from './moment-player.js';
import { AddToTodoist } from './notes-action-items.js';
import { NotesBody } from './notes-body.js';
import { OutdatedNotice, RegenerateControl } from './notes-regenerate.js';

interface NotesModalProps {
  meetingId: string;
  meetingName: string;
  onClose: () => void;
  /** The host may generate the notes again (the server answers 403 to anyone else). */
  canRegenerate?: boolean;
}

/** Where the notes went: the BasicOps note, and for the host the delivery notices (e.g. a Todoist token to renew). */
function NotesDelivery({ data, isHost }: { data: NotesResponse; isHost: boolean }) {
  return (
    <>
      {data.basicops_note_url && (
        <p><a href={data.basicops_note_url} target="_blank" rel="noopener noreferrer">Open in BasicOps</a></p>
      )}
      {isHost && (data.delivery_notices ?? []).map((notice, i) => <p key={i} className="message" role="status">{notice}</p>)}
    </>
  );
}

export function NotesModal({ meetingId, meetingName, onClose, canRegenerate = false }: NotesModalProps) {
  const { data, error, isLoading } = useNotes(meetingId);
  const [playAt, setPlayAt] = useState<number>();
  const store = useTodoistSelection(meetingId, data, canRegenerate);
  const regen = useNotesRegenerate(meetingId);
  const notReady = errorStatus(error) === 404;
  const outdated = Boolean(data?.transcript_edited_at);

  return (
    <Modal title={`Meeting Notes: ${meetingName}`} onClose={onClose} className="notes-modal">
      {isLoading && <p>Loading...</p>}
      {outdated && <OutdatedNotice regen={regen} isHost={canRegenerate} />}
      {notReady && <p className="message" role="status">{INSIGHTS_MESSAGES.notesGenerating}</p>}
      {error && !notReady && <p className="message message-error" role="alert">{INSIGHTS_MESSAGES.notesFailed}</p>}
      {data && (
        <div className="notes">
          {/* Names said in the meeting (issue 30): an accepted one shows in these notes at once (they are read under the current names). */}
          <SpeakerNameSuggestionsOnDemand meetingId={meetingId} enabled={canRegenerate} />
          <NotesBody data={data} onPlay={setPlayAt} selection={store.selection} meetingId={meetingId} isHost={canRegenerate} />
          <AddToTodoist store={store} />
          <NotesDelivery data={data} isHost={canRegenerate} />
          <MomentPlayer meetingId={meetingId} at={playAt} />
        </div>
      )}
      {canRegenerate && !outdated && (data || errorStatus(error) === 409) && <RegenerateControl regen={regen} />}
    </Modal>
  );
}
