/**
 * The pipeline's once-only rules as use cases (docs/pipeline.md "Once-only rules"): claim an upload for one
 * execution, charge a recording's minutes once, finish a run, and mark a failed run (refunding the minutes
 * when no transcript was produced). They take narrow ports; the task handlers compose them with DynamoDB.
 */
import { WAITING_FOR_MINUTES } from '../billing/messages.js';
import type { MinutesBalance, MeetingsRepository } from '../meetings/model.js';
import type { Clock } from '../ports.js';
import { MeetingGone, MeetingNotFound, MinutesLedgerBusy, MinutesUsedUp } from './errors.js';
import { minutesToCharge } from './minutes.js';
import type { MinutesLedger, ProcessingStates, RunClaims, Transcripts } from './ports.js';
import { failureReason, queuedState, type PipelineStep } from './processing-status.js';

/** One upload of one meeting, as the execution that wants to process it sees it. */
export interface UploadRun { readonly meetingId: string; readonly key: string; readonly etag: string; readonly executionId: string }

export type ClaimOutcome =
  | { readonly outcome: 'claimed' | 'already_processing'; readonly attempt: number }
  | { readonly outcome: 'meeting_not_found'; readonly attempt: 0 }
  | { readonly outcome: 'waiting_for_minutes'; readonly attempt: 0; readonly waits: number };

export interface ClaimPorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly minutes: MinutesBalance;
  readonly claims: Pick<RunClaims, 'claimRun' | 'findRun'>;
  readonly states: Pick<ProcessingStates, 'resetState' | 'findState'>;
  readonly clock: Clock;
}

/**
 * Claims `run` for its execution: a deleted meeting is not processed; a second execution for the same upload is
 * refused without touching the meeting while another run of it is under way or its finished result is what the
 * meeting shows (a retry never moves a meeting backwards); the same file uploaded again after another upload
 * replaced it is processed again (taking over the succeeded claim; its charge is not made twice); a host without
 * minutes left waits unclaimed (the reason on the row, `waitsSoFar + 1` checks made). A claimed run starts from a
 * fresh queued state.
 */
export async function claimUpload(ports: ClaimPorts, run: UploadRun, waitsSoFar = 0): Promise<ClaimOutcome> {
  const aggregate = await ports.meetings.find(run.meetingId);
  if (!aggregate) return { outcome: 'meeting_not_found', attempt: 0 };
  const now = new Date(ports.clock()).toISOString();
  const earlier = await ports.claims.findRun(run.meetingId, run.etag);
  const otherRun = earlier !== undefined && earlier.executionId !== run.executionId;
  const shownNow = (await ports.states.findState(run.meetingId))?.uploadEtag === run.etag;
  const reupload = otherRun && earlier.status === 'succeeded' && !shownNow;
  if (otherRun && (earlier.status === 'running' || (earlier.status === 'succeeded' && !reupload))) {
    return { outcome: 'already_processing', attempt: earlier.attempt };
  }
  // A recording whose host has no minutes left (a live-room recording is kept even then) waits, unclaimed.
  if ((await ports.minutes.minutesLeft(aggregate.meeting.hostUserId)) < 0) {
    await ports.states.resetState(run.meetingId, { ...queuedState(run.key, run.etag, now), reason: WAITING_FOR_MINUTES });
    return { outcome: 'waiting_for_minutes', attempt: 0, waits: waitsSoFar + 1 };
  }
  const claim = await ports.claims.claimRun(run.meetingId, run.etag, run.executionId, now, { takeOverSucceeded: reupload });
  if (!claim.claimed) return { outcome: 'already_processing', attempt: claim.attempt };
  await ports.states.resetState(run.meetingId, queuedState(run.key, run.etag, now));
  return { outcome: 'claimed', attempt: claim.attempt };
}

export interface ChargePorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly minutes: MinutesBalance;
  readonly ledger: Pick<MinutesLedger, 'findCharge' | 'ledgerVersion' | 'chargeMinutesAtVersion'>;
  readonly clock: Clock;
}

/** Tries of one charge against a ledger other recordings keep charging (each lost try means another charge landed). */
const CHARGE_TRIES = 20;

/**
 * Charges the host ceil(duration / 60) minutes for the recording `etag` of the meeting, once per recording (a
 * re-delivered run is not charged again), and only while the host has minutes left at the moment of the charge:
 * the balance is read after the ledger's version and the charge is written only if that version is unchanged, so
 * recordings processed at the same time charge one after another, exactly as if they had run in turn (the last
 * one that fits may take the balance below 0; the others wait). Answers the host and the minutes charged.
 * Throws MeetingNotFound (meeting deleted), MinutesUsedUp (nothing charged; the run waits for minutes),
 * MinutesLedgerBusy (the ledger changed under every try).
 */
export async function chargeRecordingOnce(ports: ChargePorts, meetingId: string, etag: string, durationSeconds: number) {
  const aggregate = await ports.meetings.find(meetingId);
  if (!aggregate) throw new MeetingNotFound(`Meeting ${meetingId} was deleted.`);
  const host = aggregate.meeting.hostUserId;
  const minutes = minutesToCharge(durationSeconds);
  for (let tries = 0; tries < CHARGE_TRIES; tries += 1) {
    const existing = await ports.ledger.findCharge(meetingId, etag);
    if (existing && !existing.refunded) return { meeting: aggregate.meeting, minutesCharged: existing.minutes };
    const version = await ports.ledger.ledgerVersion(host);
    if ((await ports.minutes.minutesLeft(host)) < 0) throw new MinutesUsedUp(WAITING_FOR_MINUTES);
    const outcome = await ports.ledger.chargeMinutesAtVersion(meetingId, etag, host, minutes, new Date(ports.clock()).toISOString(), version);
    if (outcome === 'charged') return { meeting: aggregate.meeting, minutesCharged: minutes };
  }
  throw new MinutesLedgerBusy(`The minutes of user ${host} changed under ${CHARGE_TRIES} tries of a charge.`);
}

/** A claimed run as the later states receive it. */
export interface ClaimedRun { readonly meetingId: string; readonly etag: string; readonly executionId: string }

/** Last state of a successful run: the meeting is ready and the run's claim is closed as succeeded. */
export async function completeRun(ports: { states: Pick<ProcessingStates, 'patchState'>; claims: Pick<RunClaims, 'finishRun'>; clock: Clock },
  run: ClaimedRun): Promise<void> {
  await ports.states.patchState(run.meetingId, { status: 'ready', step: 'Finalize', percent: 100, reason: null,
    updatedAt: new Date(ports.clock()).toISOString() });
  await ports.claims.finishRun(run.meetingId, run.etag, run.executionId, 'succeeded');
}

export interface FailurePorts {
  readonly states: Pick<ProcessingStates, 'findState' | 'patchState'>;
  readonly transcripts: Pick<Transcripts, 'findTranscript'>;
  readonly ledger: Pick<MinutesLedger, 'refundMinutes'>;
  readonly claims: Pick<RunClaims, 'finishRun'>;
  readonly clock: Clock;
}

export interface FailureRecord { readonly step: PipelineStep | null; readonly error: string; readonly reason: string; readonly minutesRefunded: number }

/**
 * Any failure after the claim: records the failing step and a readable reason on the meeting, gives the
 * minutes back when no transcript was produced, and closes the claim as failed (a later upload may retry).
 * A meeting deleted meanwhile is not an error here.
 */
export async function failRun(ports: FailurePorts, run: ClaimedRun, error: { Error?: string; Cause?: string } | undefined): Promise<FailureRecord> {
  const reason = failureReason(error);
  const step = (await ports.states.findState(run.meetingId))?.step ?? null;
  const hasTranscript = Boolean(await ports.transcripts.findTranscript(run.meetingId));
  const minutesRefunded = hasTranscript ? 0 : await ports.ledger.refundMinutes(run.meetingId, run.etag);
  try {
    await ports.states.patchState(run.meetingId, {
      status: 'failed', reason, percent: null, ...(hasTranscript ? {} : { 'artefacts.transcript': 'failed' as const }),
      ...(minutesRefunded ? { minutesCharged: 0 } : {}), updatedAt: new Date(ports.clock()).toISOString(),
    });
  } catch (thrown) {
    if (!(thrown instanceof MeetingGone)) throw thrown;
  }
  await ports.claims.finishRun(run.meetingId, run.etag, run.executionId, 'failed');
  return { step, error: error?.Error ?? 'Error', reason, minutesRefunded };
}
