/**
 * The live-room protocol (spec §7 "Live connection"): what clients send and what the server sends back.
 * Shared by the signalling handlers and the SPA (functions/contracts: both sides import it).
 * Every client message carries roomId (the meeting id), email, name, participantSessionId and
 * participantType; sdpOffer / sdpAnswer / candidate / state where relevant. docs/live-room.md maps the
 * spec's vocabulary onto what travels.
 */
import { z } from 'zod';

/** Guests per room (spec §9 "Invite: up to ten people"); the host is not counted. */
export const MAX_GUESTS = 10;
export const MAX_NAME_LENGTH = 100;

export const ROOM_MESSAGES = {
  signInToPresent: 'Sign in to start a meeting.',
  notHost: 'Only the host of this meeting can present it.',
  roomBusy: 'This meeting already has a presenter.',
  hostBusy: 'You are already presenting another meeting. Stop that meeting before starting a new one.',
  noRoom: 'This meeting has not started yet or has already ended.',
  roomFull: `This meeting is full: up to ${MAX_GUESTS} people can join.`,
  badViewer: 'Enter your name and a valid e-mail address to join.',
  alreadyJoined: 'This connection has already joined a meeting.',
  hostCannotView: 'You are presenting this meeting.',
  duplicateSession: 'This participant session is already in the meeting.',
  notPresenter: 'Only the presenter can switch presenter removal.',
  badRequest: 'The message is incomplete.',
} as const;

const sessionId = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/);
const roomId = z.string().trim().min(1).max(64);
const sdp = z.string().min(1).max(60_000);
const base = {
  roomId,
  email: z.string().trim().max(254).optional(),
  name: z.string().max(500).optional(),
  participantSessionId: sessionId,
  participantType: z.enum(['HOST', 'PARTICIPANT']).optional(),
};

export const presenterMessage = z.object({ ...base, id: z.literal('presenter') });
export const viewerMessage = z.object({
  ...base,
  id: z.literal('viewer'),
  email: z.string().trim().toLowerCase().max(254).email(),
  name: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  sdpOffer: sdp,
});
export const iceCandidateMessage = z.object({
  ...base,
  id: z.literal('onIceCandidate'),
  candidate: z.object({
    candidate: z.string().max(2000),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  }),
});
export const toggleMessage = z.object({ ...base, id: z.literal('togglePersonRemovalFilter'), state: z.enum(['on', 'off']) });
/** The host's answer for one guest: participantSessionId names that guest. */
export const viewerProcessedMessage = z.object({ ...base, id: z.literal('viewerProcessed'), sdpAnswer: sdp });
export const stopMessage = z.object({ ...base, id: z.literal('stop') });

export const clientMessage = z.discriminatedUnion('id', [
  presenterMessage, viewerMessage, iceCandidateMessage, toggleMessage, viewerProcessedMessage, stopMessage,
]);
export type ClientRoomMessage = z.infer<typeof clientMessage>;
export type ClientRoomMessageKind = ClientRoomMessage['id'];
export const CLIENT_KINDS: readonly ClientRoomMessageKind[] = [
  'presenter', 'viewer', 'onIceCandidate', 'togglePersonRemovalFilter', 'viewerProcessed', 'stop',
];

export type ParticipantType = 'HOST' | 'PARTICIPANT';
export interface AttendeeInfo {
  readonly participantSessionId: string;
  readonly name: string;
  readonly email: string;
  readonly participantType: ParticipantType;
}
export type IceCandidate = z.infer<typeof iceCandidateMessage>['candidate'];

/** Messages the server sends (spec §4 list of received kinds). */
export type ServerMessage =
  | { id: 'presenterResponse'; response: 'accepted'; roomId: string; participantSessionId: string }
  | { id: 'presenterResponse'; response: 'rejected'; message: string }
  | { id: 'viewerResponse'; response: 'accepted'; sdpAnswer: string }
  | { id: 'viewerResponse'; response: 'rejected'; message: string }
  | ({ id: 'newAttendee'; sdpOffer?: string } & AttendeeInfo)
  | ({ id: 'attendeeLeft' } & AttendeeInfo)
  | { id: 'iceCandidate'; participantSessionId: string; candidate: IceCandidate }
  | { id: 'toggleResponse'; response: 'accepted'; state: 'on' | 'off' }
  | { id: 'toggleResponse'; response: 'rejected'; message: string }
  | { id: 'currentAttendees'; attendees: AttendeeInfo[]; personRemoval: 'on' | 'off' }
  | { id: 'stopCommunication'; reason: StopReason };

/** hostEnded: the host pressed Stop (guests wait 3 s before the survey); hostLeft: any other ending. */
export type StopReason = 'hostEnded' | 'hostLeft';
