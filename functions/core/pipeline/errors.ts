/** Errors of the processing pipeline; their names are what the state machine's Catch and Retry match. */

/** The meeting was deleted while it was being processed. */
export class MeetingGone extends Error {
  readonly name = 'MeetingGone';
}

/** The upload named by the trigger is gone (deleted or replaced before processing started). */
export class UploadMissing extends Error {
  readonly name = 'UploadMissing';
}

/**
 * The host's minutes ran out between the start of the run and its charge (another recording of the same host was
 * charged first): nothing was charged; the run goes back to waiting for minutes, as a recording started without
 * minutes does.
 */
export class MinutesUsedUp extends Error {
  readonly name = 'MinutesUsedUp';
}

/** The host's minutes ledger kept changing under every try of a charge (many recordings at once); retried by the state machine. */
export class MinutesLedgerBusy extends Error {
  readonly name = 'MinutesLedgerBusy';
}

/** The meeting of a claimed run was deleted before its recording was probed. */
export class MeetingNotFound extends Error {
  readonly name = 'MeetingNotFound';
}
