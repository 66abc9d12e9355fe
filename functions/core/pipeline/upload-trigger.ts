import { uploadKeys } from './artefact-keys.js';

/**
 * What starts processing: an S3 "Object Created" event delivered by EventBridge for a key under
 * uploads/{meetingId}/, or a direct request naming the meeting (index_meeting_request, imports).
 */
export interface ProcessingRequest {
  readonly meetingId: string;
  readonly bucket?: string;
  readonly key?: string;
  readonly size?: number;
  /** The uploaded object's ETag (no quotes), when the trigger carries it. */
  readonly etag?: string;
}

export class InvalidProcessingTrigger extends Error {
  readonly name = 'InvalidProcessingTrigger';
}

const MEETING_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Key under which a meeting's recording is uploaded (artefact-keys.ts uploadKeys). */
export const uploadKeyFor = uploadKeys.key;

/** Extracts the meeting id from uploads/{meetingId}/{file}; throws InvalidProcessingTrigger otherwise. */
export function meetingIdFromUploadKey(key: string): string {
  const meetingId = uploadKeys.meetingIdOf(key);
  if (!meetingId) throw new InvalidProcessingTrigger(`'${key}' is not an upload key of the form uploads/{meetingId}/{file}`);
  return meetingId;
}

/** Normalises either trigger shape into a ProcessingRequest; throws InvalidProcessingTrigger for anything else. */
export function parseProcessingTrigger(input: unknown): ProcessingRequest {
  const event = input as {
    source?: string; 'detail-type'?: string; detail?: { bucket?: { name?: string }; object?: { key?: string; size?: number; etag?: string } };
    meetingId?: unknown; key?: unknown; size?: unknown;
  };
  if (event?.source === 'aws.s3' && event['detail-type'] === 'Object Created') {
    const key = event.detail?.object?.key;
    const bucket = event.detail?.bucket?.name;
    if (!key || !bucket) throw new InvalidProcessingTrigger('S3 event without bucket or key');
    const etag = event.detail?.object?.etag?.replace(/"/g, '');
    return { meetingId: meetingIdFromUploadKey(key), bucket, key, size: event.detail?.object?.size, ...(etag ? { etag } : {}) };
  }
  if (typeof event?.meetingId === 'string' && MEETING_ID.test(event.meetingId)) {
    // A direct request may name the uploaded object (index_meeting_request does); it must be this meeting's.
    if (typeof event.key === 'string') {
      if (meetingIdFromUploadKey(event.key) !== event.meetingId) throw new InvalidProcessingTrigger(
        `'${event.key}' is not an upload of meeting ${event.meetingId}`);
      return { meetingId: event.meetingId, key: event.key, ...(typeof event.size === 'number' ? { size: event.size } : {}) };
    }
    return { meetingId: event.meetingId };
  }
  throw new InvalidProcessingTrigger('Expected an S3 Object Created event or {meetingId}');
}
