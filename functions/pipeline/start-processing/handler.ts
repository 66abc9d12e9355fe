import { parseProcessingTrigger, type ProcessingRequest } from '../../core/pipeline/upload-trigger.js';

/** First pipeline state: turns the trigger (S3 event via EventBridge, or {meetingId}) into a ProcessingRequest. */
export const handler = async (event: unknown): Promise<ProcessingRequest> => parseProcessingTrigger(event);
