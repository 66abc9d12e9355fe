import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createMeetingsRepository, meetingKeys } from '../../functions/adapters/dynamodb/meetings-repository.js';
import { listMeetings } from '../../functions/core/meetings/list-meetings.js';
import type { MeetingRecord } from '../../functions/core/meetings/model.js';
import { MAIN_TABLE } from '../../lib/definitions/resources.js';
import { startLocalDynamo, type LocalDynamo } from '../../local/dynamodb/index.js';

/**
 * Issue #19: a page of GET meetings/ cost 21 DynamoDB operations (a get and an attendee query per meeting).
 * Now: the access query plus one batch get, and an attendee query only for a meeting whose attendees changed.
 */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const table = MAIN_TABLE.localName;
let dataDir: string;
let dynamo: LocalDynamo;
let client: DynamoDBDocumentClient;
const operations: string[] = [];

const host = { userId: 'u-host', email: 'host@example.com' };
const meeting = (i: number): MeetingRecord => ({
  id: `list-${String(i).padStart(2, '0')}`, name: `Meeting ${i}`, startTime: null, endTime: null, recordingAvailable: false,
  boardsShared: 0, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), hostUserId: host.userId,
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-list-reads-'));
  dynamo = await startLocalDynamo({ dataDir, tables: [MAIN_TABLE], sweepIntervalMs: 3_600_000, credentials });
  client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials }));
  client.middlewareStack.add((next, context) => async (args) => {
    operations.push(String(context.commandName));
    return next(args);
  }, { step: 'initialize', name: 'countOperations' });
  const repo = createMeetingsRepository(client, table);
  for (let i = 0; i < 20; i += 1) await repo.create(meeting(i), { id: `a-${i}`, email: host.email, name: 'Host', role: 'host' });
}, 60_000);
afterAll(async () => {
  client?.destroy();
  await dynamo?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('GET meetings/ reads', () => {
  it('loads a warm page with two operations, and re-reads only the attendees that changed', async () => {
    const repo = createMeetingsRepository(client, table);
    const first = await listMeetings(repo, host, { page: 1, pageSize: 9 });
    expect(first.count).toBe(20);
    expect(first.results.map((m) => m.id)).toEqual(Array.from({ length: 9 }, (_, i) => meeting(19 - i).id));

    operations.length = 0;
    const again = await listMeetings(repo, host, { page: 1, pageSize: 9 });
    expect(again).toEqual(first);
    expect(operations.sort()).toEqual(['BatchGetItemCommand', 'QueryCommand']);

    // Another container (a second repository) shares meeting 18; this one sees the new attendee at once.
    await createMeetingsRepository(client, table).addAttendee(meeting(18), { id: 'a-guest', email: 'guest@example.com', name: 'Guest', role: 'participant' });
    operations.length = 0;
    const shared = await listMeetings(repo, host, { page: 1, pageSize: 9 });
    expect(shared.results.find((m) => m.id === meeting(18).id)?.attendees.map((a) => a.email)).toEqual(['host@example.com', 'guest@example.com']);
    expect(operations.filter((o) => o === 'QueryCommand')).toHaveLength(2); // the access query and meeting 18's attendees

    await createMeetingsRepository(client, table).removeAttendee(meeting(18).id, 'guest@example.com');
    const unshared = await listMeetings(repo, host, { page: 1, pageSize: 9 });
    expect(unshared.results.find((m) => m.id === meeting(18).id)?.attendee_count).toBe(1);
  });

  it('shows the later pages the same as one long page would', async () => {
    const repo = createMeetingsRepository(client, table);
    const all = await listMeetings(repo, host, { page: 1, pageSize: 100 });
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push(...(await listMeetings(repo, host, { page, pageSize: 9 })).results);
    expect(pages.map((m) => m.id)).toEqual(all.results.map((m) => m.id));
    expect((await listMeetings(repo, host, { page: 1, pageSize: 9, meetingId: meeting(3).id })).results.map((m) => m.id)).toEqual([meeting(3).id]);
  });

  it('queries the attendees of a meeting stored before attendee revisions existed', async () => {
    await client.send(new UpdateCommand({ TableName: table, Key: meetingKeys.meeting(meeting(19).id), UpdateExpression: 'REMOVE attendeesRev' }));
    const repo = createMeetingsRepository(client, table);
    await listMeetings(repo, host, { page: 1, pageSize: 1 });
    operations.length = 0;
    const page = await listMeetings(repo, host, { page: 1, pageSize: 1 });
    expect(page.results[0].attendee_count).toBe(1);
    expect(operations.filter((o) => o === 'QueryCommand')).toHaveLength(2);
  });
});
