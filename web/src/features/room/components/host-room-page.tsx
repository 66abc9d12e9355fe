/** /startmeeting: the host's room. Creates the meeting on entry ('Meeting ' + a generated string). */
import { useEffect, useRef, useState } from 'react';
import { createMeeting } from '../../../api/meetings/create-meeting.js';
import { useUser } from '../../../api/users/get-user.js';
import { readAccessToken } from '../../../lib/session.js';
import { HostSession } from '../host-session.js';
import { RoomView } from './room-view.js';
import { closeOnLeave, useRoomState } from './use-room-state.js';

/** 'Meeting ' plus eight generated characters. */
const newMeetingName = () => `Meeting ${crypto.randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

export function HostRoomPage() {
  const [meetingId, setMeetingId] = useState<string>();
  const [state, publish] = useRoomState();
  const { data: user } = useUser();
  const session = useRef<HostSession>(undefined);
  const creating = useRef(false);

  useEffect(() => {
    if (creating.current) return;
    creating.current = true;
    createMeeting(newMeetingName()).then((m) => setMeetingId(m.id)).catch((error) => console.warn('Meeting creation failed', error));
  }, []);

  useEffect(() => closeOnLeave(() => session.current?.close()), []);

  function start() {
    if (!meetingId || !user || state.phase !== 'idle') return;
    session.current?.close();
    const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
    session.current = new HostSession({ meetingId, token: readAccessToken() ?? '', name, email: user.email }, publish);
    void session.current.start();
  }

  return (
    <RoomView
      role="host"
      meetingId={meetingId}
      state={state}
      surveyEmail={user?.email ?? ''}
      onStart={start}
      onMute={() => session.current?.toggleMute()}
      onToggleRemoval={() => session.current?.toggleRemoval()}
      onStop={() => void session.current?.stop()}
    />
  );
}
