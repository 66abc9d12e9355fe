import { randomUUID } from 'node:crypto';
import type { BucketDefinition } from '../../lib/definitions/resources.js';
import type { ObjectCreatedEvent } from '../s3/index.js';

/** The event EventBridge delivers for an S3 "Object Created" notification (documented shape; keys are not URL-encoded). */
export function toEventBridgeEvent(event: ObjectCreatedEvent, region: string, accountId: string) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Object Created',
    source: 'aws.s3',
    account: accountId,
    time: event.eventTime.replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:s3:::${event.bucket}`],
    detail: {
      version: '0',
      bucket: { name: event.bucket },
      object: { key: event.key, size: event.size, ...(event.eTag ? { etag: event.eTag.replace(/"/g, '') } : {}) },
      'request-id': randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase(),
      requester: accountId,
      reason: event.eventName.replace(/^ObjectCreated:/, '').replace(/^Put$/, 'PutObject').replace(/^Post$/, 'PostObject').replace(/^Copy$/, 'CopyObject'),
    },
  };
}

/** Which state machines an object-created event starts, as the EventBridge rules of the cloud stack would decide. */
export function triggeredStateMachines(event: ObjectCreatedEvent, buckets: readonly BucketDefinition[]): string[] {
  const bucket = buckets.find((b) => b.localName === event.bucket);
  return (bucket?.triggers ?? []).filter((t) => event.key.startsWith(t.prefix)).map((t) => t.stateMachineId);
}
