import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RoomMeetings } from '../../core/room/ports.js';
import { createMeetingsRepository, meetingKeys } from './meetings-repository.js';

/** A room guest's record lives a day at most, should its leave never be seen (TTL). */
const GUEST_RECORD_SECONDS = 24 * 3600;

export const roomGuestKey = (meetingId: string, participantSessionId: string) =>
  ({ pk: meetingKeys.partition(meetingId), sk: `ROOMGUEST#${participantSessionId}` });

/**
 * The live room's view of meetings: who hosts one, the per-session records of guests present (kept in the
 * meeting's partition, so deleting the meeting removes them; never an access entry), and the live-room mark.
 */
export function createRoomMeetings(client: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now): RoomMeetings {
  const meetings = createMeetingsRepository(client, tableName);
  return {
    async hostEmails(meetingId) {
      const aggregate = await meetings.find(meetingId);
      return aggregate?.attendees.filter((a) => a.role === 'host').map((a) => a.email.toLowerCase());
    },
    async recordGuest(meetingId, participantSessionId, guest) {
      const joinedAt = new Date(now()).toISOString();
      await client.send(new PutCommand({ TableName: tableName, Item: {
        ...roomGuestKey(meetingId, participantSessionId), type: 'RoomGuest', email: guest.email.toLowerCase(), name: guest.name, joinedAt,
        expiresAt: Math.floor(now() / 1000) + GUEST_RECORD_SECONDS,
      } }));
    },
    async forgetGuest(meetingId, participantSessionId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: roomGuestKey(meetingId, participantSessionId) }));
    },
    async markLiveRoom(meetingId) {
      await client.send(new UpdateCommand({
        TableName: tableName, Key: meetingKeys.meeting(meetingId), UpdateExpression: 'SET liveRoom = :on',
        ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':on': true },
      })).catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      });
    },
  };
}
