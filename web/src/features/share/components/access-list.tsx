/**
 * People with access to one meeting: the host marked '(Host)' without a cross, others removable. A person with an
 * account shows its name with the e-mail below; an address nobody signed up with shows alone.
 */
import { useState } from 'react';
import type { MeetingView } from '@contracts/meetings.js';
import { deleteAttendee } from '../../../api/meetings/delete-attendee.js';
import { ErrorMessage } from '../../../components/message.js';
import { SHARE_MESSAGES } from '../share-rules.js';

export function AccessList({ meeting, onChanged }: { meeting: MeetingView; onChanged?: () => void }) {
  const [attendees, setAttendees] = useState(meeting.attendees);
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();

  async function remove(email: string) {
    setBusy(email);
    setError(undefined);
    try {
      const updated = await deleteAttendee(meeting.id, email);
      setAttendees(updated.attendees);
      onChanged?.();
    } catch {
      setError(SHARE_MESSAGES.failed);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div className="access-list">
      <h3>People with access</h3>
      <ul>
        {attendees.map((attendee) => (
          <li key={attendee.email}>
            <span className="access-person">
              <span className="access-name">
                {attendee.account_name || attendee.email}
                {attendee.role === 'host' && <span className="access-host"> (Host)</span>}
              </span>
              {attendee.account_name && <span className="access-email">{attendee.email}</span>}
            </span>
            {attendee.role !== 'host' && (
              <button type="button" className="icon-button" aria-label={`Remove access for ${attendee.email}`} disabled={busy !== undefined} onClick={() =>
                void remove(attendee.email)}>×</button>
            )}
          </li>
        ))}
      </ul>
      <ErrorMessage>{error}</ErrorMessage>
    </div>
  );
}
