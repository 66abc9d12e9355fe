import type { RoomPorts } from '../../core/room/ports.js';
import { documentClient } from '../dynamodb/client.js';
import { createRoomMeetings } from '../dynamodb/room-meetings.js';
import { createRoomRepository } from '../dynamodb/room-repository.js';
import { connectionSender } from './connection-sender.js';

/** Structured log lines on stdout/stderr (CloudWatch); never given tokens or SDP. */
export const roomLogger = {
  warn: (message: string, extra: Record<string, unknown> = {}) => console.warn(JSON.stringify({ level: 'warn', message, ...extra })),
  info: (message: string, extra: Record<string, unknown> = {}) => console.info(JSON.stringify({ level: 'info', message, ...extra })),
};

/** The live room's ports over DynamoDB and the API Gateway management API. */
export function createRoomPorts(tableName: string, callbackUrl: string): RoomPorts {
  return {
    store: createRoomRepository(documentClient, tableName),
    outbox: connectionSender(callbackUrl),
    meetings: createRoomMeetings(documentClient, tableName),
    log: roomLogger,
  };
}
