/**
 * The host side of the live room: camera and microphone, one RTCPeerConnection per guest (the guest
 * offers recvonly, the host answers with its tracks on the offered transceivers), sender caps scaled by
 * the number of guests, presenter removal swapped onto every sender with replaceTrack, and the
 * recording uploaded through the meeting upload flow at Stop.
 */
import type { ServerMessage } from '@contracts/room.js';
import { getUploadUrl } from '../../api/meetings/get-upload-url.js';
import { requestIndexing } from '../../api/meetings/request-indexing.js';
import { updateMeeting } from '../../api/meetings/update-meeting.js';
import { uploadRecording } from '../../api/meetings/upload-recording.js';
import { getIceServers } from '../../api/room/get-ice-servers.js';
import { openRoomSocket, type RoomSocket } from '../../api/room/room-socket.js';
import { finishUpload } from '../../lib/upload-flow.js';
import { iceGathered } from './gathering.js';
import { ProgramCanvas } from './presenter-removal.js';
import { SessionRecorder } from './recorder.js';
import { withGuest } from './room-guests.js';
import { newSessionId, type Publish, type RoomAttendee } from './room-state.js';
import { ROOM_TEXTS } from './room-texts.js';
import { loadSegmenter, type Segmenter } from './segmenter.js';
import { applySenderCaps, senderCapsFor } from './sender-caps.js';

interface Peer { pc: RTCPeerConnection; ready: Promise<void> }

export interface HostIdentity { meetingId: string; token: string; name: string; email: string }

export class HostSession {
  private readonly sessionId = newSessionId();
  private readonly peers = new Map<string, Peer>();
  private socket: RoomSocket | undefined;
  private media: MediaStream | undefined;
  private program: ProgramCanvas | undefined;
  private recorder: SessionRecorder | undefined;
  private segmenter: Promise<Segmenter> | undefined;
  private iceServers: RTCIceServer[] = [];
  private removal: 'on' | 'off' = 'off';
  private closed = false;

  constructor(private readonly who: HostIdentity, private readonly publish: Publish) {}

  private get self(): RoomAttendee {
    return { participantSessionId: this.sessionId, name: this.who.name, email: this.who.email, participantType: 'HOST', isLocal: true };
  }

  private base() {
    return { roomId: this.who.meetingId, email: this.who.email, name: this.who.name, participantSessionId: this.sessionId, participantType: 'HOST' };
  }

  /** Start: media permission, then the socket and `presenter`. Failures end in an error message. */
  async start(): Promise<void> {
    this.publish({ phase: 'starting', error: undefined });
    try {
      this.media = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 640, height: 480 } });
    } catch {
      this.publish({ phase: 'idle', mediaAllowed: false });
      return;
    }
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = this.media;
    await video.play().catch(() => undefined);
    this.program = new ProgramCanvas(video);
    this.publish({ mediaAllowed: true, stream: this.program.stream, attendees: [this.self] });
    try {
      this.iceServers = await getIceServers(this.who.meetingId);
      this.socket = await openRoomSocket({ token: this.who.token, onMessage: (m) => void this.onMessage(m), onClose: () => this.onSocketClosed() });
      this.socket.send({ id: 'presenter', ...this.base() });
    } catch {
      this.fail(ROOM_TEXTS.presenterFallback);
    }
  }

  private async onMessage(message: ServerMessage | { id: string }): Promise<void> {
    const m = message as ServerMessage;
    switch (m.id) {
      case 'presenterResponse':
        if (m.response === 'accepted') return this.onAccepted();
        return this.fail(m.message || ROOM_TEXTS.presenterFallback);
      case 'newAttendee': return m.sdpOffer ? this.answer(m.participantSessionId, m.sdpOffer, m) : undefined;
      case 'iceCandidate': {
        const peer = this.peers.get(m.participantSessionId);
        if (peer) await peer.ready.then(() => peer.pc.addIceCandidate(m.candidate)).catch((e) => console.warn('ICE candidate refused', e));
        return;
      }
      case 'attendeeLeft': return this.dropPeer(m.participantSessionId);
      case 'toggleResponse':
        if (m.response === 'accepted') return this.applyRemoval(m.state);
        return console.warn('Presenter removal refused:', m.message);
      case 'currentAttendees': return;
      default: console.warn('Unknown live-room message', message.id);
    }
  }

  private onAccepted(): void {
    const video = this.program!.stream.getVideoTracks()[0];
    this.recorder = new SessionRecorder(video, this.media!.getAudioTracks()[0]);
    this.publish({ phase: 'live' });
  }

  private answer(guestId: string, offer: string, guest: { name: string; email: string }): void {
    performance.mark(`room:host-offer:${guestId}`);
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    let answered = false;
    const ready = (async () => {
      pc.onicecandidate = (e) => {
        if (!answered || !e.candidate) return;
        this.socket?.send({ id: 'onIceCandidate', ...this.base(), participantSessionId: guestId, candidate: e.candidate.toJSON() });
      };
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      const stream = this.media!;
      pc.addTrack(this.currentVideoTrack(), stream);
      for (const track of stream.getAudioTracks()) pc.addTrack(track, stream);
      await pc.setLocalDescription(await pc.createAnswer());
      performance.mark(`room:host-described:${guestId}`);
      await iceGathered(pc);
      answered = true;
      this.socket?.send({ id: 'viewerProcessed', ...this.base(), participantSessionId: guestId, sdpAnswer: pc.localDescription!.sdp });
      performance.mark(`room:host-answer:${guestId}`);
      await this.capSenders();
    })();
    this.peers.set(guestId, { pc, ready });
    ready.catch((error) => console.warn('Could not answer a guest', error));
    // Nothing is shared while the room runs: the guest is offered to the host after the room (issue 28), since a guest types any e-mail.
    this.publish((s) => ({
      attendees: [...s.attendees.filter((a) => a.participantSessionId !== guestId),
        { participantSessionId: guestId, name: guest.name, email: guest.email, participantType: 'PARTICIPANT', isLocal: false }],
      guests: withGuest(s.guests, guest, this.who.email),
    }));
  }

  private currentVideoTrack(): MediaStreamTrack {
    return this.removal === 'on' ? this.program!.stream.getVideoTracks()[0] : this.media!.getVideoTracks()[0];
  }

  private videoSenders(): RTCRtpSender[] {
    return [...this.peers.values()].flatMap(({ pc }) => pc.getSenders().filter((s) => s.track?.kind === 'video'));
  }

  /** Caps every video sender for the current guest count; senders already at those caps are left alone (no encoder reconfiguration). */
  private async capSenders(): Promise<void> {
    const caps = senderCapsFor(this.peers.size);
    await Promise.all(this.videoSenders().filter((s) => {
      const encoding = s.getParameters().encodings?.[0];
      return encoding?.maxFramerate !== caps.maxFramerate || encoding?.maxBitrate !== caps.maxBitrate;
    }).map((s) => applySenderCaps(s, caps).catch((e) => console.warn('Sender caps refused', e))));
  }

  private dropPeer(guestId: string): void {
    this.peers.get(guestId)?.pc.close();
    this.peers.delete(guestId);
    this.publish((s) => ({ attendees: s.attendees.filter((a) => a.participantSessionId !== guestId) }));
    void this.capSenders();
  }

  /** Asks the server to switch presenter removal; the state changes on its toggleResponse. */
  toggleRemoval(): void {
    if (this.removal === 'off') this.segmenter ??= loadSegmenter();
    this.socket?.send({ id: 'togglePersonRemovalFilter', ...this.base(), state: this.removal === 'on' ? 'off' : 'on' });
  }

  private async applyRemoval(state: 'on' | 'off'): Promise<void> {
    this.removal = state;
    this.publish({ personRemoval: state });
    if (state === 'on') {
      try {
        this.program!.setRemoval(true, await (this.segmenter ??= loadSegmenter()));
      } catch (error) {
        this.segmenter = undefined;
        console.warn('Presenter removal could not start', error);
      }
    } else {
      this.program?.setRemoval(false);
    }
    const track = this.currentVideoTrack();
    await Promise.all(this.videoSenders().map((s) => s.replaceTrack(track)));
  }

  toggleMute(): void {
    const audio = this.media?.getAudioTracks() ?? [];
    const muted = audio.some((t) => t.enabled);
    audio.forEach((t) => { t.enabled = !muted; });
    this.publish({ muted });
  }

  /** Stop: ends the room for everyone and saves the recording as a meeting. */
  async stop(): Promise<void> {
    if (this.closed) return;
    const recording = await this.recorder?.stop();
    const startedAt = this.recorder?.startedAt;
    this.close();
    if (!recording || recording.size === 0 || !startedAt) return this.publish({ phase: 'ended', endedBy: 'other' });
    this.publish({ phase: 'saving', savePercent: 0 });
    let saved = false;
    try {
      await this.saveRecording(recording, startedAt);
      saved = true;
    } catch (error) {
      console.warn('The recording could not be saved', error);
    }
    this.publish({ phase: 'ended', endedBy: 'other', saved });
  }

  private async saveRecording(recording: Blob, startedAt: Date): Promise<void> {
    // The meeting ended when Stop was pressed, not when the upload finished.
    const changes = { recording_available: true, start_time: startedAt.toISOString(), end_time: new Date().toISOString() };
    const indexQuietly = (id: string) => requestIndexing(id).catch((error) => console.warn('Indexing request failed (the upload starts it anyway)', error));
    await finishUpload(this.who.meetingId, recording, 'video/webm', changes,
      { getUploadUrl, uploadRecording, updateMeeting, requestIndexing: indexQuietly }, (savePercent) => this.publish({ savePercent }));
  }

  private fail(message: string): void {
    console.warn('The meeting could not start:', message);
    this.close();
    this.publish({ phase: 'idle', error: message, stream: undefined, attendees: [] });
  }

  private onSocketClosed(): void {
    if (this.closed) return;
    this.close();
    this.publish({ phase: 'ended', endedBy: 'other' });
  }

  /** Leaves without saving (page left): the server ends the room for the guests. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket?.send({ id: 'stop', ...this.base() });
    this.socket?.close();
    this.peers.forEach(({ pc }) => pc.close());
    this.peers.clear();
    void this.recorder?.stop();
    this.program?.stop();
    this.media?.getTracks().forEach((t) => t.stop());
  }
}
