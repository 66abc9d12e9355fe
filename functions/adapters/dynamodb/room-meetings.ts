import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RoomMeetings } from '../../core/room/ports.js';
import { createMeetingsRepository } from './meetings-repository.js';

/**
 * The live room's view of meetings: who hosts one, and adding a guest as a participant. This is the
 * attendees variant of spec §7 ({email, name}, one meeting) done by the server on `viewer`, since a guest
 * has no account to call POST meetings/attendees/ with.
 */
export function createRoomMeetings(client: DynamoDBDocumentClient, tableName: string, newId: () => string = randomUUID): RoomMeetings {
  const meetings = createMeetingsRepository(client, tableName);
  return {
    async hostEmails(meetingId) {
      const aggregate = await meetings.find(meetingId);
      return aggregate?.attendees.filter((a) => a.role === 'host').map((a) => a.email.toLowerCase());
    },
    async addGuest(meetingId, guest) {
      const aggregate = await meetings.find(meetingId);
      if (!aggregate) return;
      await meetings.addAttendee(aggregate.meeting, { id: newId(), email: guest.email.toLowerCase(), name: guest.name, role: 'participant' });
    },
  };
}
