import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createMinutesLedger } from './minutes-ledger-repository.js';
import { createProcessingStates } from './processing-state-repository.js';
import { createRunClaims } from './run-claims-repository.js';
import { createTranscripts } from './transcripts-repository.js';

export { processingKeys } from './processing-keys.js';
export { MeetingGone } from '../../core/pipeline/errors.js';
export type { RunClaim, RunStatus, StatePatch, TranscriptRecord } from '../../core/pipeline/ports.js';

/**
 * The pipeline's four stores over one table, for callers that use several of them: run claims, the processing
 * state on the meeting, the minutes ledger and the transcript pointer (each in its own module).
 */
export function createProcessingRepository(client: DynamoDBDocumentClient, tableName: string) {
  return {
    ...createRunClaims(client, tableName),
    ...createProcessingStates(client, tableName),
    ...createMinutesLedger(client, tableName),
    ...createTranscripts(client, tableName),
  };
}

export type ProcessingRepository = ReturnType<typeof createProcessingRepository>;
