/**
 * In-memory versions of the pipeline's ports (functions/core/pipeline/ports.ts), with the same once-only
 * semantics as the DynamoDB adapters: a claim per upload, a charge per recording, a refund per charge.
 */
import type { MeetingAggregate } from '../../../functions/core/meetings/model.js';
import { MeetingGone } from '../../../functions/core/pipeline/errors.js';
import type { MinutesLedger, ProcessingStates, RunClaims, RunStatus, StatePatch, TranscriptRecord, Transcripts } from '../../../functions/core/pipeline/ports.js';
import type { ProcessingState } from '../../../functions/core/pipeline/processing-status.js';

export function inMemoryPipeline(now = Date.parse('2026-03-01T10:00:00Z')) {
  const meetings = new Map<string, MeetingAggregate>();
  const runs = new Map<string, { executionId: string; attempt: number; status: RunStatus }>();
  const states = new Map<string, ProcessingState>();
  const charges = new Map<string, { userId: string; minutes: number; refunded: boolean }>();
  const transcriptRecords = new Map<string, TranscriptRecord>();
  const minutesLeft = new Map<string, number>();
  const allowances = new Map<string, number>();
  const charged = (userId: string) => [...charges.values()].filter((c) => c.userId === userId && !c.refunded).reduce((sum, c) => sum + c.minutes, 0);

  const claims: RunClaims = {
    async claimRun(meetingId, etag, executionId, _now, options = {}) {
      const key = `${meetingId}/${etag}`;
      const run = runs.get(key);
      if (!run) { runs.set(key, { executionId, attempt: 1, status: 'running' }); return { claimed: true, attempt: 1 }; }
      if (run.executionId === executionId) return { claimed: true, attempt: run.attempt };
      if (run.status !== 'failed' && !(run.status === 'succeeded' && options.takeOverSucceeded)) return { claimed: false, attempt: run.attempt };
      runs.set(key, { executionId, attempt: run.attempt + 1, status: 'running' });
      return { claimed: true, attempt: run.attempt + 1 };
    },
    findRun: async (meetingId, etag) => runs.get(`${meetingId}/${etag}`),
    async finishRun(meetingId, etag, executionId, status) {
      const run = runs.get(`${meetingId}/${etag}`);
      if (run?.executionId === executionId) run.status = status;
    },
  };
  const exists = (meetingId: string) => {
    if (!meetings.has(meetingId)) throw new MeetingGone(`Meeting ${meetingId} no longer exists.`);
  };
  const processingStates: ProcessingStates = {
    findState: async (meetingId) => states.get(meetingId),
    async resetState(meetingId, state) { exists(meetingId); states.set(meetingId, state); },
    async patchState(meetingId, fields: StatePatch) {
      exists(meetingId);
      const { 'artefacts.transcript': transcript, ...rest } = fields;
      const current = states.get(meetingId)!;
      states.set(meetingId, { ...current, ...rest, ...(transcript ? { artefacts: { ...current.artefacts, transcript } } : {}) } as ProcessingState);
    },
  };
  const versions = new Map<string, number>();
  const charge = (meetingId: string, recordingId: string, userId: string, minutes: number) => {
    const key = `${meetingId}/${recordingId}`;
    if (charges.has(key) && !charges.get(key)!.refunded) return false;
    charges.set(key, { userId, minutes, refunded: false });
    versions.set(userId, (versions.get(userId) ?? 0) + 1);
    return true;
  };
  const ledger: MinutesLedger = {
    chargeMinutes: async (meetingId, recordingId, userId, minutes) => charge(meetingId, recordingId, userId, minutes),
    ledgerVersion: async (userId) => versions.get(userId) ?? 0,
    async chargeMinutesAtVersion(meetingId, recordingId, userId, minutes, _now, version) {
      if ((versions.get(userId) ?? 0) !== version) return 'ledger_changed';
      return charge(meetingId, recordingId, userId, minutes) ? 'charged' : 'already_charged';
    },
    async refundMinutes(meetingId, recordingId) {
      const charge = charges.get(`${meetingId}/${recordingId}`);
      if (!charge || charge.refunded) return 0;
      charge.refunded = true;
      return charge.minutes;
    },
    findCharge: async (meetingId, recordingId) => charges.get(`${meetingId}/${recordingId}`),
  };
  const transcripts: Transcripts = {
    async saveTranscript(meetingId, record) { transcriptRecords.set(meetingId, record); },
    findTranscript: async (meetingId) => transcriptRecords.get(meetingId),
    async saveSpeakerNames() { /* not used by the run rules */ },
  };

  return {
    ports: {
      meetings: { find: async (id: string) => meetings.get(id) },
      // A set allowance counts down with the charges (as the DynamoDB balance does); a fixed balance stays as set.
      minutes: { minutesLeft: async (userId: string) => (allowances.has(userId) ? allowances.get(userId)! - charged(userId) : minutesLeft.get(userId) ?? 100) },
      claims, states: processingStates, ledger, transcripts,
      clock: () => now,
    },
    addMeeting(meetingId: string, hostUserId: string) {
      meetings.set(meetingId, { meeting: { id: meetingId, hostUserId, name: 'Weekly sync', createdAt: '2026-03-01T09:00:00Z' } as never, attendees: [] });
    },
    deleteMeeting: (meetingId: string) => meetings.delete(meetingId),
    setMinutesLeft: (userId: string, minutes: number) => minutesLeft.set(userId, minutes),
    setAllowance: (userId: string, minutes: number) => allowances.set(userId, minutes),
    runs, states, charges, transcriptRecords,
  };
}
