/**
 * The live room screen shared by host and guest (spec §2, §4): welcome area with the clock, the control
 * row with its enabled/disabled rules, the permission message, the video, the attendee cards, the
 * invite dialog, and how the meeting ends ('Host ended the meeting.' then the survey after 3 s).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Logo } from '../../../components/logo.js';
import { FeedbackDialog } from '../../../components/feedback-dialog.js';
import type { RoomState } from '../room-state.js';
import { ROOM_TEXTS, SURVEY_DELAY_MS } from '../room-texts.js';
import { AttendeeCards } from './attendee-cards.js';
import { InviteDialog } from './invite-dialog.js';
import { RoomClock } from './room-clock.js';
import { ShareGuestsDialog } from './share-guests-dialog.js';
import './room.css';

export interface RoomViewProps {
  role: 'host' | 'guest';
  meetingId: string | undefined;
  state: RoomState;
  surveyEmail: string;
  onStart(): void;
  onMute(): void;
  onToggleRemoval(): void;
  onStop(): void;
}

export function RoomView({ role, meetingId, state, surveyEmail, onStart, onMute, onToggleRemoval, onStop }: RoomViewProps) {
  const [inviting, setInviting] = useState(false);
  const [survey, setSurvey] = useState(false);
  // Host only: the guests are offered for sharing when the room has ended; the survey follows the host's answer.
  const [shareAnswered, setShareAnswered] = useState<number>();
  const offerShare = role === 'host' && state.phase === 'ended' && state.guests.length > 0 && shareAnswered === undefined && meetingId !== undefined;
  const navigate = useNavigate();
  const inSession = state.phase === 'live';
  const started = state.phase !== 'idle';
  const heading = state.phase === 'idle' ? ROOM_TEXTS.ready
    : state.phase === 'starting' ? ROOM_TEXTS.starting[role]
      : state.phase === 'live' ? ROOM_TEXTS.live[role]
        : state.phase === 'saving' ? ROOM_TEXTS.savingHeading : ROOM_TEXTS.ended;
  const intro = state.phase === 'idle' || state.phase === 'starting'
    ? (role === 'host' ? ROOM_TEXTS.hostIntro : ROOM_TEXTS.guestIntro)
    : state.phase === 'live' ? ROOM_TEXTS.liveIntro[role] : undefined;

  useEffect(() => {
    if (state.phase !== 'ended') return undefined;
    if (role === 'guest' && state.endedBy === 'host') {
      const timer = setTimeout(() => setSurvey(true), SURVEY_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (!offerShare) setSurvey(true);
    return undefined;
  }, [state.phase, state.endedBy, role, offerShare]);

  return (
    <>
    <header className="room-header">
      <Logo />
      {role === 'host' && <Link to="/home" className="room-back">← {ROOM_TEXTS.backToMeetings}</Link>}
    </header>
    <main className="room-page">
      <div className="room-welcome">
        <div>
          <h1>{heading}</h1>
          {intro && <p>{intro}</p>}
        </div>
        <RoomClock />
      </div>
      <div className="room-controls" role="toolbar" aria-label="Meeting controls">
        <button type="button" className="button-primary" disabled={started || !meetingId} onClick={onStart}>
          {role === 'host' ? 'Start' : 'Join'}
        </button>
        <button type="button" className="button-secondary" disabled={!inSession || !meetingId} onClick={() => setInviting(true)}>Share</button>
        {/* Once the session is over the buttons read as they would for a new one. */}
        <button type="button" className="button-secondary" disabled={!inSession} onClick={onMute}>{inSession && state.muted ? 'Unmute' : 'Mute'}</button>
        {role === 'host' && (
          <button type="button" className="button-secondary" disabled={!inSession} aria-pressed={inSession && state.personRemoval === 'on'}
            onClick={onToggleRemoval}>
            {inSession && state.personRemoval === 'on' ? 'Leave Presenter' : 'Remove Presenter'}
          </button>
        )}
        <button type="button" className="button-secondary" disabled={!inSession} onClick={onStop}>Stop</button>
      </div>
      <p className="room-notice">{ROOM_TEXTS.recorded}</p>
      {state.error && <p role="alert" className="message message-error">{state.error}</p>}
      {role === 'host' && state.phase === 'starting' && !state.mediaAllowed && <p role="status" className="message">{ROOM_TEXTS.permission}</p>}
      {role === 'guest' && state.phase === 'starting' && <p role="status" className="room-notice">{ROOM_TEXTS.waitingForHost}</p>}
      {state.phase === 'saving' && <p role="status" className="room-notice">{ROOM_TEXTS.saving} {state.savePercent ?? 0}%</p>}
      {state.phase === 'ended' && role === 'guest' && state.endedBy === 'host' && <p role="status" className="message">{ROOM_TEXTS.hostEnded}</p>}
      {state.phase === 'ended' && role === 'host' && state.saved === true && <p role="status" className="message message-success">{ROOM_TEXTS.saved}</p>}
      {state.phase === 'ended' && role === 'host' && state.saved === false && <p role="alert" className="message message-error">{ROOM_TEXTS.notSaved}</p>}
      {role === 'host' && shareAnswered !== undefined && shareAnswered > 0 && (
        <p role="status" className="message message-success">{ROOM_TEXTS.sharedWithGuests(shareAnswered)}</p>
      )}
      {state.personRemoval === 'on' && inSession && <p role="status" className="room-notice">Presenter removal is on.</p>}
      {state.stream && state.phase !== 'ended' && <RoomVideo stream={state.stream} muted={role === 'host' || state.muted} />}
      {started && state.phase !== 'ended' && <AttendeeCards attendees={state.attendees} />}
      {inviting && meetingId && <InviteDialog meetingId={meetingId} onClose={() => setInviting(false)} />}
      {offerShare && <ShareGuestsDialog meetingId={meetingId} guests={state.guests} onDone={setShareAnswered} />}
      {survey && <FeedbackDialog email={surveyEmail} meetingId={meetingId ?? null} onClose={() => navigate('/')} />}
    </main>
    </>
  );
}

function RoomVideo({ stream, muted }: { stream: MediaStream; muted: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
    void ref.current?.play().catch(() => undefined);
  }, [stream]);
  return <video ref={ref} className="room-video" autoPlay playsInline muted={muted} aria-label="Meeting video" />;
}
