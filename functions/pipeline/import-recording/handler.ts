import { importContext } from '../../wiring/integrations-import.js';
import { importRecording, type ImportOutcome, type ImportRequest } from '../../core/integrations/import-recording.js';

/**
 * The one task of the import-recording state machine: imports a provider recording into a meeting (idempotent on
 * the provider's recording id; a retry or a run resumed after a crash continues the same import).
 */
export const handler = async (request: ImportRequest): Promise<ImportOutcome> => importRecording(importContext().importDeps, request);
