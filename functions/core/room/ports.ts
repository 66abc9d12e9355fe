/**
 * Ports of the live-room use cases. Adapters: functions/adapters/dynamodb/room-repository.ts (store),
 * functions/adapters/realtime/connection-sender.ts (outbox), functions/adapters/dynamodb/room-meetings.ts.
 */
import type { AttendeeInfo } from './messages.js';

/** One socket, as $connect recorded it (user fields only when a valid access token came along). */
export interface RoomConnection {
  readonly connectionId: string;
  readonly userId?: string;
  readonly email?: string;
  readonly roomId?: string;
  readonly participantSessionId?: string;
}

export interface RoomMember extends AttendeeInfo { readonly connectionId: string }

export interface Room {
  readonly roomId: string;
  readonly host: RoomMember;
  readonly hostUserId: string;
  readonly personRemoval: 'on' | 'off';
}

export type OpenResult = 'opened' | 'room-busy' | 'host-busy';
export type JoinResult = 'joined' | 'full' | 'no-room' | 'duplicate';

export interface RoomStore {
  connection(connectionId: string): Promise<RoomConnection | undefined>;
  /** Creates the room with its host, locks the host user to it and binds the host's connection (one transaction). */
  openRoom(room: Room): Promise<OpenResult>;
  room(roomId: string): Promise<Room | undefined>;
  /** Guests of the room, in joining order. */
  guests(roomId: string): Promise<RoomMember[]>;
  guest(roomId: string, participantSessionId: string): Promise<RoomMember | undefined>;
  /** Adds a guest unless the room is gone or already holds `max` guests; binds the guest's connection. */
  addGuest(roomId: string, guest: RoomMember, max: number): Promise<JoinResult>;
  /** Removes a guest; returns it, or undefined when it was not there (so a leave is reported once). */
  removeGuest(roomId: string, participantSessionId: string): Promise<RoomMember | undefined>;
  setPersonRemoval(roomId: string, state: 'on' | 'off'): Promise<void>;
  /** Deletes the room, its guests and the host's lock; returns the guests it held. */
  closeRoom(room: Room): Promise<RoomMember[]>;
  /** Clears the room binding of a connection (it stays connected). */
  unbind(connectionId: string): Promise<void>;
}

export interface Outbox {
  /** 'gone' when the socket no longer exists. */
  send(connectionId: string, message: unknown): Promise<'sent' | 'gone'>;
}

export interface RoomMeetings {
  /** Lower-cased e-mails of the meeting's hosts, or undefined when the meeting does not exist. */
  hostEmails(meetingId: string): Promise<string[] | undefined>;
  /**
   * Records a guest who is in the meeting's room, one record per guest session. The record grants NO access
   * to the meeting (a guest types any e-mail it likes); it is removed when the guest leaves.
   */
  recordGuest(meetingId: string, participantSessionId: string, guest: { email: string; name: string }): Promise<void>;
  forgetGuest(meetingId: string, participantSessionId: string): Promise<void>;
  /** Marks the meeting as recorded in the live room (only such meetings accept a video/webm upload). */
  markLiveRoom(meetingId: string): Promise<void>;
}

export interface RoomLogger {
  warn(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
}

export interface RoomPorts {
  readonly store: RoomStore;
  readonly outbox: Outbox;
  readonly meetings: RoomMeetings;
  readonly log: RoomLogger;
}
