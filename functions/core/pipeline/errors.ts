/** Errors of the processing pipeline; their names are what the state machine's Catch and Retry match. */

/** The meeting was deleted while it was being processed. */
export class MeetingGone extends Error {
  readonly name = 'MeetingGone';
}

/** The upload named by the trigger is gone (deleted or replaced before processing started). */
export class UploadMissing extends Error {
  readonly name = 'UploadMissing';
}

/** The meeting of a claimed run was deleted before its recording was probed. */
export class MeetingNotFound extends Error {
  readonly name = 'MeetingNotFound';
}
