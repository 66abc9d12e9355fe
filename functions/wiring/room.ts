import type { RoomPorts } from '../core/room/ports.js';
import { documentClient } from '../adapters/dynamodb/client.js';
import { createRoomMeetings } from '../adapters/dynamodb/room-meetings.js';
import { createRoomRepository } from '../adapters/dynamodb/room-repository.js';
import { logger } from '../adapters/logging/logger.js';
import { connectionSender } from '../adapters/realtime/connection-sender.js';

/** Structured log lines (the container's one logger); never given tokens or SDP. */
export const roomLogger: RoomPorts['log'] = logger;

/** The live room's ports over DynamoDB and the API Gateway management API. */
export function createRoomPorts(tableName: string, callbackUrl: string): RoomPorts {
  return {
    store: createRoomRepository(documentClient, tableName),
    outbox: connectionSender(callbackUrl),
    meetings: createRoomMeetings(documentClient, tableName),
    log: roomLogger,
  };
}
