/**
 * After the room (host only, issue 28): 'Share with the guests' lists every guest who joined, each ticked, and shares
 * the meeting with the ticked ones in one click. Nothing is shared without it: a guest types any e-mail it likes.
 * "Don't share" (or closing) shares nothing. Either way the survey follows.
 */
import { useState } from 'react';
import { errorData, firstMessage, GENERIC_ERROR } from '../../../api/error-messages.js';
import { shareWithRoomGuests } from '../../../api/meetings/share-meetings.js';
import { ErrorMessage } from '../../../components/message.js';
import { Modal } from '../../../components/modal.js';
import type { RoomGuest } from '../room-guests.js';
import { ROOM_TEXTS } from '../room-texts.js';

export function ShareGuestsDialog({ meetingId, guests, onDone }: { meetingId: string; guests: readonly RoomGuest[]; onDone: (shared: number) => void }) {
  const [chosen, setChosen] = useState(() => new Set(guests.map((g) => g.email)));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const picked = guests.filter((g) => chosen.has(g.email));

  async function share() {
    if (sending || picked.length === 0) return;
    setSending(true);
    setError(undefined);
    try {
      await shareWithRoomGuests(meetingId, picked);
      onDone(picked.length);
    } catch (failure) {
      setError(firstMessage(errorData(failure)) ?? GENERIC_ERROR);
      setSending(false);
    }
  }

  const toggle = (email: string) => setChosen((now) => {
    const next = new Set(now);
    if (next.has(email)) next.delete(email);
    else next.add(email);
    return next;
  });

  return (
    <Modal title={ROOM_TEXTS.shareGuestsTitle} onClose={() => onDone(0)}>
      <p>{ROOM_TEXTS.shareGuestsText}</p>
      <ul className="share-guests" aria-label="Guests">
        {guests.map((g) => (
          <li key={g.email}>
            <label>
              <input type="checkbox" checked={chosen.has(g.email)} onChange={() => toggle(g.email)} />
              {' '}{g.name ? `${g.name} <${g.email}>` : g.email}
            </label>
          </li>
        ))}
      </ul>
      <ErrorMessage>{error}</ErrorMessage>
      <div className="modal-actions">
        <button type="button" className="button-secondary" disabled={sending} onClick={() => onDone(0)}>{ROOM_TEXTS.dontShare}</button>
        <button type="button" className="button-primary" disabled={sending || picked.length === 0} onClick={() => void share()}>
          {sending ? 'Sharing…' : ROOM_TEXTS.shareGuests}
        </button>
      </div>
    </Modal>
  );
}
