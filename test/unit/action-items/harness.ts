/** In-memory ports of the action items ledger, and calls through the real router. */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { createApiHandler } from '../../../functions/api/http/router.js';
import { actionItemsRoutes } from '../../../functions/api/meetings/action-items-routes.js';
import type { ActionItemsStore, EditDeps } from '../../../functions/core/action-items/model.js';
import type { ActionItem, MeetingNotes } from '../../../functions/core/notes/model.js';
import { fakeAuthenticator, InMemoryMeetings, USERS } from '../meetings/in-memory.js';

export class MemoryItems implements ActionItemsStore {
  readonly notes = new Map<string, MeetingNotes>();
  readonly indexed = new Set<string>();
  async loadMany(ids: readonly string[]) {
    return ids.flatMap((id) => {
      const n = this.notes.get(id);
      return n ? [{ meetingId: id, notesId: n.notes_id, items: n.action_items, indexed: this.indexed.has(id) }] : [];
    });
  }
  async index(ids: readonly string[]) { for (const id of ids) this.indexed.add(id); }
  async change(meetingId: string, change: (notes: MeetingNotes) => MeetingNotes | undefined) {
    const current = this.notes.get(meetingId);
    if (!current) return undefined;
    const next = change(current);
    if (next) this.notes.set(meetingId, next);
    return next ?? current;
  }
}

export const item = (number: number, fields: Partial<ActionItem> = {}): ActionItem => ({
  number, id: `item-${number}`, content: `Task ${number}`, owner: null, due: null, stored_in_todoist: false,
  timestamp_range: { start_time: number * 10, end_time: number * 10 + 5 }, ...fields,
});

export const notesWith = (items: ActionItem[], notesId = 'n-1'): MeetingNotes =>
  ({ notes_id: notesId, overview: 'o', summary: [], timestamp_ranges: [], decisions: [], action_items: items });

/** Host "Hana Host" (host@example.com) and participant part@example.com on meeting m-1 (Wednesday 5 March 2025). */
export async function ledgerWorld(now = Date.parse('2025-03-06T09:00:00Z')) {
  const meetings = new InMemoryMeetings();
  const items = new MemoryItems();
  const closed: Array<{ hostUserId: string; taskId: string; done: boolean }> = [];
  const meeting = (id: string, name: string, startTime: string, createdAt = startTime) => ({
    id, name, startTime, endTime: null, recordingAvailable: true, boardsShared: 0, createdAt, hostUserId: USERS.host.userId,
  });
  await meetings.create(meeting('m-1', 'Weekly sync', '2025-03-05T15:00:00.000Z'), { id: 'a-1', email: USERS.host.email, name: 'Hana Host', role: 'host' });
  await meetings.addAttendee((await meetings.find('m-1'))!.meeting, { id: 'a-2', email: USERS.participant.email, name: 'Pat', role: 'participant' });
  await meetings.create(meeting('m-2', 'Budget review', '2025-02-20T10:00:00.000Z'), { id: 'a-3', email: USERS.host.email, name: 'Hana Host', role: 'host' });
  const deps: EditDeps = {
    meetings, meetingAccess: meetings, items, clock: () => now,
    people: { displayName: async (userId) => (userId === USERS.host.userId ? 'Hana Host' : userId === USERS.participant.userId ? 'Pat Jones' : undefined) },
    tasks: { setDone: async (hostUserId, taskId, done) => { closed.push({ hostUserId, taskId, done }); } },
  };
  const handler = createApiHandler(actionItemsRoutes(deps), { authenticator: fakeAuthenticator, logger: { error: () => undefined } });
  const call = async (method: string, path: string, token: keyof typeof USERS, body?: unknown, query?: Record<string, string>) => {
    const event = {
      httpMethod: method, path, headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body), isBase64Encoded: false, queryStringParameters: query ?? null,
      multiValueHeaders: {}, multiValueQueryStringParameters: null, pathParameters: null, stageVariables: null, resource: '/api/{proxy+}',
      requestContext: { identity: { sourceIp: '127.0.0.1' } },
    } as unknown as APIGatewayProxyEvent;
    const result = await handler(event, {} as Context);
    return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined };
  };
  return { deps, meetings, items, closed, call, tick: (ms: number) => { now += ms; } };
}
