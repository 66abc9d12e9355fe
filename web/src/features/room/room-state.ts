/** What the room screen shows; the host and guest sessions publish it on every change. */
import type { AttendeeInfo } from '@contracts/room.js';
import type { RoomGuest } from './room-guests.js';

export interface RoomAttendee extends AttendeeInfo { readonly isLocal: boolean }

export interface RoomState {
  phase: 'idle' | 'starting' | 'live' | 'saving' | 'ended';
  /** Host only: false until the camera and microphone are allowed. */
  mediaAllowed: boolean;
  attendees: RoomAttendee[];
  muted: boolean;
  personRemoval: 'on' | 'off';
  /** The stream to show: the host's program picture or what the guest receives. */
  stream?: MediaStream;
  error?: string;
  /** How it ended: 'host' when the host pressed Stop (a guest waits 3 s for the survey), else 'other'. */
  endedBy?: 'host' | 'other';
  /** Upload progress of the recording while saving (0-100). */
  savePercent?: number;
  /** Host only, after Stop: whether the recording reached the host's meetings. */
  saved?: boolean;
  /** Host only: every guest who joined (one per e-mail), offered for sharing after the room; nothing is shared before. */
  guests: RoomGuest[];
}

export const INITIAL_ROOM_STATE: RoomState = { phase: 'idle', mediaAllowed: false, attendees: [], muted: false, personRemoval: 'off', guests: [] };

export type Publish = (change: Partial<RoomState> | ((state: RoomState) => Partial<RoomState>)) => void;

/** A random participant session id (the protocol's participantSessionId). */
export const newSessionId = (): string => crypto.randomUUID();
