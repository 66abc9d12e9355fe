/** /joinmeeting/{meetingId}: a guest's room, after 'Welcome to the meeting!' (no account needed). */
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { GuestSession } from '../guest-session.js';
import { RoomView } from './room-view.js';
import { closeOnLeave, useRoomState } from './use-room-state.js';
import { WelcomeForm } from './welcome-form.js';

export function GuestRoomPage() {
  const { meetingId } = useParams();
  const [guest, setGuest] = useState<{ name: string; email: string }>();
  const [state, publish] = useRoomState();
  const session = useRef<GuestSession>(undefined);

  useEffect(() => closeOnLeave(() => session.current?.close()), []);

  // Once the guest is known, the connection is prepared while they look at Join.
  useEffect(() => {
    if (!meetingId || !guest) return undefined;
    const prepared = new GuestSession({ meetingId, ...guest }, publish);
    session.current = prepared;
    prepared.prepare().catch(() => undefined);
    return () => { if (!prepared.isSpent) prepared.close(); };
  }, [meetingId, guest, publish]);

  if (!guest) return <WelcomeForm onNext={setGuest} />;

  function join() {
    if (!meetingId || !guest || state.phase !== 'idle') return;
    if (!session.current || session.current.isSpent) {
      session.current?.close();
      session.current = new GuestSession({ meetingId, ...guest }, publish);
    }
    void session.current.join();
  }

  return (
    <RoomView
      role="guest"
      meetingId={meetingId}
      state={state}
      surveyEmail={guest.email}
      onStart={join}
      onMute={() => session.current?.toggleMute(!state.muted)}
      onToggleRemoval={() => undefined}
      onStop={() => session.current?.stop()}
    />
  );
}
