/** The attendee cards below the video: ORGANIZER or PARTICIPANT with the name, 'You' for the local user. */
import type { RoomAttendee } from '../room-state.js';

export function AttendeeCards({ attendees }: { attendees: readonly RoomAttendee[] }) {
  const ordered = [...attendees].sort((a, b) => Number(b.participantType === 'HOST') - Number(a.participantType === 'HOST'));
  return (
    <ul className="room-attendees" aria-label="Attendees">
      {ordered.map((a) => (
        <li key={a.participantSessionId} className="room-attendee">
          <span className="room-attendee-role">{a.participantType === 'HOST' ? 'ORGANIZER' : 'PARTICIPANT'}</span>
          <span className="room-attendee-name">{a.isLocal ? 'You' : a.name}</span>
        </li>
      ))}
    </ul>
  );
}
