import { meetingKeys } from './meetings-repository.js';

/**
 * Pipeline items, all under the meeting's partition so deleting a meeting removes them (docs/pipeline.md):
 * run claims `RUN#{etag}`, the minutes charge of each recording `CHARGE#{etag}`, the transcript pointer `TRANSCRIPT`;
 * the status is the `processing` attribute of the meeting item. The usage items the charges write live under the
 * user (`USER#{id}` / `USAGE#…`, functions/adapters/dynamodb/billing-repository.ts), so deleting a meeting refunds nothing.
 */
export const processingKeys = {
  run: (meetingId: string, etag: string) => ({ pk: meetingKeys.partition(meetingId), sk: `RUN#${etag}` }),
  charge: (meetingId: string, recordingId: string) => ({ pk: meetingKeys.partition(meetingId), sk: `CHARGE#${recordingId}` }),
  transcript: (meetingId: string) => ({ pk: meetingKeys.partition(meetingId), sk: 'TRANSCRIPT' }),
};
