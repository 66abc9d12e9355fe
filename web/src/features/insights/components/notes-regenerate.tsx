/**
 * Generating the notes again, for the host (after renaming speakers or a transcript change), and the notice on notes
 * made before the host corrected a transcript line (`transcript_edited_at`, issue 17): readers see it without the button.
 */
import { INSIGHTS_MESSAGES } from '@contracts/insights.js';
import { OutcomeMessage } from '../../../components/message.js';
import type { NotesRegenerate } from '../use-notes-regenerate.js';

export function RegenerateControl({ regen }: { regen: NotesRegenerate }) {
  return (
    <div className="notes-regenerate">
      <button type="button" className="button-secondary" onClick={() => void regen.regenerate()} disabled={regen.busy}>
        {regen.busy ? 'Regenerating…' : 'Regenerate notes'}
      </button>
      <OutcomeMessage outcome={regen.outcome} />
    </div>
  );
}

/** The host decides when to regenerate: a corrected transcript line leaves these notes describing the earlier text. */
export function OutdatedNotice({ regen, isHost }: { regen: NotesRegenerate; isHost: boolean }) {
  return (
    <div className="message notes-outdated" role="status">
      <p>{isHost ? INSIGHTS_MESSAGES.notesOutdatedHost : INSIGHTS_MESSAGES.notesOutdatedReader}</p>
      {isHost && <RegenerateControl regen={regen} />}
    </div>
  );
}
