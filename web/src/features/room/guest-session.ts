/**
 * The guest side of the live room: one receive-only RTCPeerConnection to the host. The guest offers
 * (`viewer` with a recvonly sdpOffer), the host's answer arrives as viewerResponse, candidates are
 * trickled both ways. Local candidates wait until the server has placed the guest in the room
 * (currentAttendees), since API Gateway may run a socket's messages out of order. The socket and the
 * offer are prepared before Join is pressed (prepare), so Join costs one signalling round trip.
 */
import type { ServerMessage } from '@contracts/room.js';
import { getIceServers } from '../../api/room/get-ice-servers.js';
import { openRoomSocket, type RoomSocket } from '../../api/room/room-socket.js';
import { iceGathered } from './gathering.js';
import { newSessionId, type Publish, type RoomAttendee } from './room-state.js';
import { ROOM_TEXTS } from './room-texts.js';

export interface GuestIdentity { meetingId: string; name: string; email: string }

/** A prepared offer older than this is renewed at Join (server-reflexive candidates can go stale behind NAT). */
const PREPARED_OFFER_MS = 30_000;

export class GuestSession {
  private readonly sessionId = newSessionId();
  private socket: RoomSocket | undefined;
  private pc: RTCPeerConnection | undefined;
  private preparing: Promise<RTCPeerConnection> | undefined;
  private preparedAt = 0;
  /** Bumped when a preparation is abandoned (socket lost, offer renewed), so a late one cannot take over. */
  private generation = 0;
  private spent = false;
  private joined = false;
  private answered = false;
  private readonly localCandidates: RTCIceCandidateInit[] = [];
  private readonly remoteCandidates: RTCIceCandidateInit[] = [];
  private closed = false;

  constructor(private readonly who: GuestIdentity, private readonly publish: Publish) {}

  private get self(): RoomAttendee {
    return { participantSessionId: this.sessionId, name: this.who.name, email: this.who.email, participantType: 'PARTICIPANT', isLocal: true };
  }

  private base() {
    return { roomId: this.who.meetingId, email: this.who.email, name: this.who.name, participantSessionId: this.sessionId, participantType: 'PARTICIPANT' };
  }

  /** True once Join was pressed on this session (a new attempt needs a new session). */
  get isSpent(): boolean { return this.spent || this.closed; }

  /**
   * Gets the connection ready while the guest looks at the Join button: ICE servers and the socket (in
   * parallel), then the recvonly offer with its candidates. Join then only has to send `viewer`.
   * Failures surface at Join.
   */
  prepare(): Promise<RTCPeerConnection> {
    if (!this.preparing) {
      const attempt = this.connect();
      this.preparing = attempt;
      attempt.catch(() => { if (this.preparing === attempt) this.preparing = undefined; });
    }
    return this.preparing;
  }

  /** Join: `viewer` with the prepared offer. Failures end in an error message. */
  async join(): Promise<void> {
    performance.mark('room:join');
    this.spent = true;
    this.publish({ phase: 'starting', error: undefined, attendees: [this.self] });
    try {
      if (this.preparing && Date.now() - this.preparedAt > PREPARED_OFFER_MS) await this.renewOffer();
      const pc = await this.prepare();
      if (!this.socket) throw new Error('The live-room connection closed.');
      this.socket.send({ id: 'viewer', ...this.base(), sdpOffer: pc.localDescription!.sdp });
      performance.mark('room:offer-sent', { detail: this.sessionId });
    } catch {
      this.fail(ROOM_TEXTS.viewerFallback);
    }
  }

  private async connect(): Promise<RTCPeerConnection> {
    const generation = this.generation;
    const current = () => { if (generation !== this.generation || this.closed) throw new Error('Preparation superseded.'); };
    // The socket is kept as soon as it opens, so a failed ICE-servers call does not leave it dangling.
    const opened = this.socket ? Promise.resolve(this.socket) : openRoomSocket({ onMessage: (m) => void this.onMessage(m), onClose: () =>
      this.onSocketClosed() })
      .then((socket) => {
        if (this.closed) { socket.close(); throw new Error('Session closed.'); }
        this.socket = socket;
        performance.mark('room:socket-open');
        return socket;
      });
    const [iceServers] = await Promise.all([getIceServers(this.who.meetingId), opened]);
    current();
    const pc = new RTCPeerConnection({ iceServers });
    this.pc = pc;
    pc.onconnectionstatechange = () => { if (pc.connectionState === 'connected') performance.mark('room:connected'); };
    const stream = new MediaStream();
    pc.ontrack = (event) => {
      stream.addTrack(event.track);
      this.publish({ stream });
    };
    pc.onicecandidate = (event) => {
      if (!event.candidate || pc !== this.pc) return;
      if (this.joined) this.sendCandidate(event.candidate.toJSON());
      else this.localCandidates.push(event.candidate.toJSON());
    };
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    await iceGathered(pc);
    current();
    this.localCandidates.length = 0; // already inside the offer
    this.preparedAt = Date.now();
    return pc;
  }

  /** A fresh peer connection and offer on the same socket. */
  private async renewOffer(): Promise<void> {
    await this.preparing?.catch(() => undefined);
    this.generation += 1;
    this.pc?.close();
    this.pc = undefined;
    this.localCandidates.length = 0;
    this.preparing = undefined;
  }

  /** Before Join a closed socket only means preparing again; after it, the meeting is over for this guest. */
  private onSocketClosed(): void {
    if (this.spent) return this.end('other');
    this.generation += 1;
    this.socket = undefined;
    this.pc?.close();
    this.pc = undefined;
    this.preparing = undefined;
  }

  private sendCandidate(candidate: RTCIceCandidateInit): void {
    this.socket?.send({ id: 'onIceCandidate', ...this.base(), candidate });
  }

  private async onMessage(message: ServerMessage | { id: string }): Promise<void> {
    const m = message as ServerMessage;
    switch (m.id) {
      case 'currentAttendees':
        this.joined = true;
        this.localCandidates.splice(0).forEach((c) => this.sendCandidate(c));
        this.publish({ phase: 'live', personRemoval: m.personRemoval, attendees: [...m.attendees.map((a) => ({ ...a, isLocal: false })), this.self] });
        return;
      case 'viewerResponse':
        if (m.response === 'rejected') return this.fail(m.message || ROOM_TEXTS.viewerFallback);
        performance.mark('room:answer-received');
        await this.pc!.setRemoteDescription({ type: 'answer', sdp: m.sdpAnswer });
        this.answered = true;
        for (const c of this.remoteCandidates.splice(0)) await this.pc!.addIceCandidate(c).catch(() => undefined);
        return;
      case 'iceCandidate':
        if (this.answered) await this.pc!.addIceCandidate(m.candidate).catch((e) => console.warn('ICE candidate refused', e));
        else this.remoteCandidates.push(m.candidate);
        return;
      case 'newAttendee':
        this.publish((s) => ({ attendees: [...s.attendees.filter((a) => a.participantSessionId !== m.participantSessionId), { ...m, isLocal: false }] }));
        return;
      case 'attendeeLeft':
        this.publish((s) => ({ attendees: s.attendees.filter((a) => a.participantSessionId !== m.participantSessionId) }));
        return;
      case 'toggleResponse':
        if (m.response === 'accepted') this.publish({ personRemoval: m.state });
        else console.warn('Presenter removal refused:', m.message);
        return;
      case 'stopCommunication': return this.end(m.reason === 'hostEnded' ? 'host' : 'other');
      case 'presenterResponse': return;
      default: console.warn('Unknown live-room message', message.id);
    }
  }

  /** Guests mute what they hear (they send no media). */
  toggleMute(muted: boolean): void {
    this.publish({ muted });
  }

  /** Stop: leaves the meeting; the survey follows at once. */
  stop(): void {
    this.end('other');
  }

  private end(endedBy: 'host' | 'other'): void {
    if (this.closed) return;
    this.close();
    this.publish({ phase: 'ended', endedBy });
  }

  private fail(message: string): void {
    console.warn('Could not join the meeting:', message);
    this.close();
    this.publish({ phase: 'idle', error: message, stream: undefined });
  }

  /** Leaves (also when the page is left). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.spent) this.socket?.send({ id: 'stop', ...this.base() });
    this.socket?.close();
    this.pc?.close();
  }
}
