/** NoteTranscriptionProgress' ports (core/pipeline/transcription-progress.ts): the processing states only (the table, no bucket). */
import { documentClient } from '../adapters/dynamodb/client.js';
import { createProcessingStates } from '../adapters/dynamodb/processing-state-repository.js';
import { readConfig } from '../config.js';
import type { NoteProgressPorts } from '../core/pipeline/transcription-progress.js';

export function noteProgressPorts(): NoteProgressPorts {
  return { states: createProcessingStates(documentClient, readConfig(['TABLE_NAME']).TABLE_NAME) };
}
