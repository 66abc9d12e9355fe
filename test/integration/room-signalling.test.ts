/**
 * Live-room signalling (issue 8) over the local edition: real WebSockets on /one2many, the real
 * handlers, DynamoDB and the management API. Every client message kind, with the refusals and edge cases.
 */
import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { MAX_GUESTS, ROOM_MESSAGES } from '../../functions/core/room/messages.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { MAIN_TABLE } from '../../lib/definitions/resources.js';
import { LOCAL_CREDENTIALS, startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { eventually } from '../helpers/eventually.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';

jest.setTimeout(60_000);

let edition: LocalEdition;
let dataDir: string;
let host: SignedInUser;
let otherUser: SignedInUser;
const hostEmail = `host.${Date.now()}@example.com`;
const otherEmail = `other.${Date.now()}@example.com`;
const sockets: Client[] = [];

/** A socket that keeps every message it receives. */
class Client {
  readonly received: any[] = [];
  readonly sessionId = randomUUID();
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.received.push(JSON.parse(data.toString())));
  }
  static async open(token?: string): Promise<Client> {
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    const ws = new WebSocket(`${edition.url.replace(/^http/, 'ws')}/one2many${query}`);
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    const client = new Client(ws);
    sockets.push(client);
    return client;
  }
  send(message: Record<string, unknown>) { this.ws.send(JSON.stringify(message)); }
  /** Waits for the first message not seen by an earlier `next` call that matches. */
  async next(id: string, match: (m: any) => boolean = () => true): Promise<any> {
    return eventually(async () => {
      const index = this.received.findIndex((m) => m.id === id && !m.__seen && match(m));
      if (index < 0) throw new Error(`no ${id} yet; got ${JSON.stringify(this.received.map((m) => m.id))}`);
      this.received[index].__seen = true;
      return this.received[index];
    }, 5_000, 20);
  }
  /** Proves nothing of kind `id` arrived: a ping sent after it is answered first, and the socket handles messages in order. */
  async nothingOf(id: string): Promise<void> {
    this.send({ id: 'ping' });
    await this.next('pong');
    expect(this.received.filter((m) => m.id === id && !m.__seen)).toEqual([]);
  }
  async close() {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise((resolve) => { this.ws.once('close', resolve); this.ws.close(); });
  }
}

const api = async (method: string, apiPath: string, token?: string, json?: unknown) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${edition.url}/api/${apiPath}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  return { status: response.status, body: await response.json().catch(() => null) as any };
};
const roomGuestRecords = async (meetingId: string): Promise<string[]> => {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: edition.endpoints.DYNAMODB, region: 'us-east-1', credentials: LOCAL_CREDENTIALS }));
  const out = await client.send(new QueryCommand({
    TableName: MAIN_TABLE.localName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :g)',
    ExpressionAttributeValues: { ':pk': `MEETING#${meetingId}`, ':g': 'ROOMGUEST#' }, ConsistentRead: true,
  }));
  client.destroy();
  return (out.Items ?? []).map((item) => String(item.email));
};

const newMeeting = async (token = host.access) => (await api('POST', 'meetings/', token, { name: `Meeting ${randomUUID().slice(0, 8)}` })).body.id as string;

const presenter = (client: Client, roomId: string) =>
  client.send({ id: 'presenter', roomId, email: hostEmail, name: 'Hana Host', participantSessionId: client.sessionId, participantType: 'HOST' });
const viewer = (client: Client, roomId: string, name = 'Guest', email = `${name.toLowerCase().replace(/\W/g, '')}@example.com`) =>
  client.send({ id: 'viewer', roomId, email, name, participantSessionId: client.sessionId, participantType: 'PARTICIPANT', sdpOffer: `offer-of-${name}` });

async function openRoom(): Promise<{ roomId: string; hostSocket: Client }> {
  const roomId = await newMeeting();
  const hostSocket = await Client.open(host.access);
  presenter(hostSocket, roomId);
  expect(await hostSocket.next('presenterResponse')).toMatchObject({ response: 'accepted', roomId });
  return { roomId, hostSocket };
}

async function join(roomId: string, hostSocket: Client, name: string): Promise<Client> {
  const guest = await Client.open();
  viewer(guest, roomId, name);
  await hostSocket.next('newAttendee', (m) => m.participantSessionId === guest.sessionId);
  await guest.next('currentAttendees');
  return guest;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-room-'));
  edition = await startLocalEdition({ dataDir, port: 0 });
  host = await signUpAndSignIn(edition.url, hostEmail, 'room-tests-1', { first: 'Hana', last: 'Host' });
  otherUser = await signUpAndSignIn(edition.url, otherEmail, 'room-tests-1', { first: 'Otto', last: 'Other' });
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await edition?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('connecting', () => {
  it('refuses the upgrade when the token is not a valid access token', async () => {
    const ws = new WebSocket(`${edition.url.replace(/^http/, 'ws')}/one2many?token=forged.token.value`);
    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
  });
});

describe('presenter', () => {
  it('accepts the meeting host and tells it the room is empty', async () => {
    const { roomId, hostSocket } = await openRoom();
    expect(await hostSocket.next('currentAttendees')).toMatchObject({ attendees: [], personRemoval: 'off' });
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });

  it('refuses a socket without an access token', async () => {
    const roomId = await newMeeting();
    const guest = await Client.open();
    presenter(guest, roomId);
    expect(await guest.next('presenterResponse')).toEqual({ id: 'presenterResponse', response: 'rejected', message: ROOM_MESSAGES.signInToPresent, __seen: true });
  });

  it('refuses a signed-in user who is not the host, and an unknown meeting alike', async () => {
    const roomId = await newMeeting();
    const other = await Client.open(otherUser.access);
    presenter(other, roomId);
    expect(await other.next('presenterResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.notHost });
    presenter(other, 'no-such-meeting');
    expect(await other.next('presenterResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.notHost });
  });

  it('refuses a second presenter for the same room', async () => {
    const { roomId, hostSocket } = await openRoom();
    const second = await Client.open(host.access);
    presenter(second, roomId);
    expect(await second.next('presenterResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.roomBusy });
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });

  it('refuses a host already in a session, and lets it start again after stop', async () => {
    const { roomId, hostSocket } = await openRoom();
    const otherRoom = await newMeeting();
    const second = await Client.open(host.access);
    presenter(second, otherRoom);
    expect(await second.next('presenterResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.hostBusy });

    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
    await hostSocket.nothingOf('presenterResponse');
    presenter(second, otherRoom);
    expect(await second.next('presenterResponse')).toMatchObject({ response: 'accepted', roomId: otherRoom });
    second.send({ id: 'stop', roomId: otherRoom, participantSessionId: second.sessionId });
  });
});

describe('viewer', () => {
  it('relays the offer to the host as newAttendee, lists the attendees to the guest and adds it to the meeting', async () => {
    const { roomId, hostSocket } = await openRoom();
    const first = await join(roomId, hostSocket, 'First');
    const guest = await Client.open();
    viewer(guest, roomId, '  Grace Guest  ', 'Grace@Example.com');

    expect(await hostSocket.next('newAttendee', (m) => m.participantSessionId === guest.sessionId)).toEqual({
      id: 'newAttendee', participantSessionId: guest.sessionId, name: 'Grace Guest', email: 'grace@example.com',
      participantType: 'PARTICIPANT', sdpOffer: 'offer-of-  Grace Guest  ', __seen: true,
    });
    const current = await guest.next('currentAttendees');
    expect(current.attendees.map((a: any) => [a.name, a.participantType])).toEqual([['Hana Host', 'HOST'], ['First', 'PARTICIPANT']]);
    // Issue 28: a guest sees the host's e-mail, never another guest's.
    expect(current.attendees.map((a: any) => a.email)).toEqual([hostEmail, '']);
    const told = await first.next('newAttendee');
    expect(told).toMatchObject({ participantSessionId: guest.sessionId, name: 'Grace Guest', email: '' });
    expect(told.sdpOffer).toBeUndefined();

    // Issue #19: a guest is recorded per session but gets no access to the meeting (it could type anyone's
    // e-mail), and its record goes when it leaves.
    await eventually(async () => expect(await roomGuestRecords(roomId)).toEqual(expect.arrayContaining(['grace@example.com'])));
    const meeting = await api('GET', `meetings/${roomId}/`, host.access);
    expect(meeting.body.attendees.map((a: any) => a.email)).toEqual([hostEmail]);
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
    await eventually(async () => expect(await roomGuestRecords(roomId)).toEqual([]));
  });

  it('keeps attendee_count and access unchanged after many guests join and leave (issue #19)', async () => {
    const { roomId, hostSocket } = await openRoom();
    for (let i = 0; i < 12; i += 1) {
      const guest = await join(roomId, hostSocket, `Guest ${i}`);
      guest.send({ id: 'stop', roomId, participantSessionId: guest.sessionId });
      await hostSocket.next('attendeeLeft', (m) => m.participantSessionId === guest.sessionId);
    }
    const meeting = await api('GET', `meetings/${roomId}/`, host.access);
    expect(meeting.body.attendee_count).toBe(1);
    await eventually(async () => expect(await roomGuestRecords(roomId)).toEqual([]));
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });

  it('refuses a room that does not exist', async () => {
    const guest = await Client.open();
    viewer(guest, 'no-such-room');
    expect(await guest.next('viewerResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.noRoom });
  });

  it('refuses a meeting whose host has not started', async () => {
    const guest = await Client.open();
    viewer(guest, await newMeeting());
    expect(await guest.next('viewerResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.noRoom });
  });

  it('refuses a guest without a name or with an invalid e-mail', async () => {
    const { roomId, hostSocket } = await openRoom();
    const guest = await Client.open();
    guest.send({ id: 'viewer', roomId, email: 'a@example.com', name: '   ', participantSessionId: guest.sessionId, sdpOffer: 'o' });
    expect(await guest.next('viewerResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.badViewer });
    guest.send({ id: 'viewer', roomId, email: 'not-an-address', name: 'Al', participantSessionId: guest.sessionId, sdpOffer: 'o' });
    expect(await guest.next('viewerResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.badViewer });
    await hostSocket.nothingOf('newAttendee');
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });

  it(`refuses the guest after ${MAX_GUESTS} with a clear message`, async () => {
    const { roomId, hostSocket } = await openRoom();
    for (let i = 0; i < MAX_GUESTS; i += 1) await join(roomId, hostSocket, `Guest${i}`);
    const eleventh = await Client.open();
    viewer(eleventh, roomId, 'Eleventh');
    expect(await eleventh.next('viewerResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.roomFull });
    expect(ROOM_MESSAGES.roomFull).toBe('This meeting is full: up to 10 people can join.');
    await hostSocket.nothingOf('newAttendee');
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });
});

describe('viewerProcessed and onIceCandidate', () => {
  it('relays the host answer to that guest as viewerResponse, and candidates both ways by participantSessionId', async () => {
    const { roomId, hostSocket } = await openRoom();
    const guest = await join(roomId, hostSocket, 'Ivy');
    hostSocket.send({ id: 'viewerProcessed', roomId, participantSessionId: guest.sessionId, sdpAnswer: 'answer-for-ivy' });
    expect(await guest.next('viewerResponse')).toMatchObject({ response: 'accepted', sdpAnswer: 'answer-for-ivy' });

    const candidate = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    guest.send({ id: 'onIceCandidate', roomId, participantSessionId: 'someone-else', candidate });
    expect(await hostSocket.next('iceCandidate')).toMatchObject({ participantSessionId: guest.sessionId, candidate });
    hostSocket.send({ id: 'onIceCandidate', roomId, participantSessionId: guest.sessionId, candidate });
    expect(await guest.next('iceCandidate')).toMatchObject({ participantSessionId: guest.sessionId, candidate });
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });

  it('ignores out-of-order messages: an answer from a guest, candidates from a socket that never joined', async () => {
    const { roomId, hostSocket } = await openRoom();
    const guest = await join(roomId, hostSocket, 'Olga');
    const stranger = await Client.open();
    guest.send({ id: 'viewerProcessed', roomId, participantSessionId: guest.sessionId, sdpAnswer: 'forged' });
    stranger.send({ id: 'onIceCandidate', roomId, participantSessionId: guest.sessionId, candidate: { candidate: 'c' } });
    stranger.send({ id: 'stop', roomId, participantSessionId: stranger.sessionId });
    await guest.nothingOf('viewerResponse');
    await guest.nothingOf('iceCandidate');
    await hostSocket.nothingOf('iceCandidate');
    await hostSocket.nothingOf('attendeeLeft');
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });
});

describe('togglePersonRemovalFilter', () => {
  it('answers everyone with the accepted state, and tells late guests the current state', async () => {
    const { roomId, hostSocket } = await openRoom();
    const guests = [await join(roomId, hostSocket, 'Ann'), await join(roomId, hostSocket, 'Ben')];
    hostSocket.send({ id: 'togglePersonRemovalFilter', roomId, participantSessionId: hostSocket.sessionId, state: 'on' });
    for (const client of [hostSocket, ...guests]) expect(await client.next('toggleResponse')).toMatchObject({ response: 'accepted', state: 'on' });

    const late = await Client.open();
    viewer(late, roomId, 'Late');
    expect(await late.next('currentAttendees')).toMatchObject({ personRemoval: 'on' });
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });

  it('refuses a guest', async () => {
    const { roomId, hostSocket } = await openRoom();
    const guest = await join(roomId, hostSocket, 'Tom');
    guest.send({ id: 'togglePersonRemovalFilter', roomId, participantSessionId: guest.sessionId, state: 'on' });
    expect(await guest.next('toggleResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.notPresenter });
    await hostSocket.nothingOf('toggleResponse');
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });
});

describe('stop and leaving', () => {
  it('ends the room for every guest when the host stops', async () => {
    const { roomId, hostSocket } = await openRoom();
    const guests = [await join(roomId, hostSocket, 'Sue'), await join(roomId, hostSocket, 'Sam')];
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
    for (const guest of guests) expect(await guest.next('stopCommunication')).toEqual({ id: 'stopCommunication', reason: 'hostEnded', __seen: true });
    const late = await Client.open();
    viewer(late, roomId, 'Late');
    expect(await late.next('viewerResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.noRoom });
  });

  it('tells the host and the other guests when a guest stops or its socket closes', async () => {
    const { roomId, hostSocket } = await openRoom();
    const [leaving, closing, staying] = [await join(roomId, hostSocket, 'Lea'), await join(roomId, hostSocket, 'Cal'), await join(roomId, hostSocket, 'Stu')];
    leaving.send({ id: 'stop', roomId, participantSessionId: leaving.sessionId });
    expect(await hostSocket.next('attendeeLeft')).toMatchObject({ participantSessionId: leaving.sessionId, name: 'Lea' });
    await closing.close();
    expect(await hostSocket.next('attendeeLeft')).toMatchObject({ participantSessionId: closing.sessionId, name: 'Cal' });
    expect(await staying.next('attendeeLeft', (m) => m.name === 'Lea')).toBeDefined();
    expect(await staying.next('attendeeLeft', (m) => m.name === 'Cal')).toBeDefined();
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });

  it('ends the room with hostLeft when the host socket closes', async () => {
    const { roomId, hostSocket } = await openRoom();
    const guest = await join(roomId, hostSocket, 'Hal');
    await hostSocket.close();
    expect(await guest.next('stopCommunication')).toMatchObject({ reason: 'hostLeft' });
  });

  it('cleans up a guest whose socket is gone without a $disconnect (GoneException)', async () => {
    const { roomId, hostSocket } = await openRoom();
    const watcher = await join(roomId, hostSocket, 'Wes');
    const { createRoomRepository } = await import('../../functions/adapters/dynamodb/room-repository.js');
    const { connectionsRepository } = await import('../../functions/adapters/realtime/connections-repository.js');
    const { documentClient } = await import('../../functions/adapters/dynamodb/client.js');
    const table = process.env.TABLE_NAME!;
    const staleId = 'StaleConn0000A=';
    await connectionsRepository(table).save({ connectionId: staleId, connectedAt: new Date().toISOString() });
    const joined = await createRoomRepository(documentClient, table).addGuest(roomId, {
      connectionId: staleId, participantSessionId: 'stale-session', participantType: 'PARTICIPANT', name: 'Stale', email: 'stale@example.com',
    }, MAX_GUESTS);
    expect(joined).toBe('joined');

    hostSocket.send({ id: 'togglePersonRemovalFilter', roomId, participantSessionId: hostSocket.sessionId, state: 'on' });
    expect(await hostSocket.next('attendeeLeft')).toMatchObject({ participantSessionId: 'stale-session' });
    expect(await watcher.next('attendeeLeft')).toMatchObject({ participantSessionId: 'stale-session' });
    expect(await createRoomRepository(documentClient, table).guest(roomId, 'stale-session')).toBeUndefined();
    hostSocket.send({ id: 'stop', roomId, participantSessionId: hostSocket.sessionId });
  });
});

describe('malformed and unknown messages', () => {
  it('logs and drops them without crashing the socket', async () => {
    const client = await Client.open();
    client.ws.send('not json');
    client.send({ id: 'dance', roomId: 'x' });
    client.send({ id: 'onIceCandidate' });
    client.send({ id: 'presenter' });
    expect(await client.next('presenterResponse')).toMatchObject({ response: 'rejected', message: ROOM_MESSAGES.badRequest });
    client.send({ id: 'ping' });
    expect(await client.next('pong')).toBeDefined();
  });
});

describe('ice servers', () => {
  it('answers an empty list when nothing is configured (loopback needs none)', async () => {
    const answer = await api('GET', `meetings/${randomUUID()}/ice_servers/`);
    expect(answer).toMatchObject({ status: 200, body: { ice_servers: [] } });
  });
});
