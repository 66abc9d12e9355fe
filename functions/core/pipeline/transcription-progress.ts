/**
 * The speech engine's progress through a transcription job, for the time left (docs/pipeline.md "Time left"). Amazon
 * Transcribe reports none; the local edition's Transcribe service reports its engine's as a tag of the running job
 * (`meetscribe:progress`: work done of the work to do, in the engine's unit, since it started counting, as of the last
 * report — ours, the only place in the job record the SDK keeps for a field it does not know). While the job runs, the
 * state machine hands the job's tags to NoteTranscriptionProgress, which keeps the progress on the run's state; the
 * cloud's jobs have no such tag and keep the fitted estimate.
 */
import type { ProcessingStates } from './ports.js';

/** The tag key of a running job's progress. */
export const TRANSCRIPTION_PROGRESS_TAG = 'meetscribe:progress';

/**
 * Work done of the work to do as of `atMs` (epoch ms), and the work done (`startDone`) when the engine first reported
 * some, at `startedAtMs` (its pace is read from there: progress-estimate.ts).
 */
export interface EngineProgress {
  readonly done: number; readonly total: number; readonly startedAtMs: number; readonly atMs: number; readonly startDone: number;
}

/** As kept on the run's state (times ISO; `startDone` missing on states kept before it was, read as 0). */
export interface TranscriptionProgress {
  readonly done: number; readonly total: number; readonly startedAt: string; readonly at: string; readonly startDone?: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The tag's value: `done=…&total=…&started=…&at=…&from=…` (`from`: the work done at `started`), times in epoch seconds. */
export function progressTagValue(progress: EngineProgress): string {
  return new URLSearchParams({
    done: String(round1(progress.done)), total: String(round1(progress.total)),
    started: String(progress.startedAtMs / 1000), at: String(progress.atMs / 1000), from: String(round1(progress.startDone)),
  }).toString();
}

/** The progress in a job's `Tags` (as GetTranscriptionJob gives them); undefined when there is none or it does not read. */
export function readProgressTag(tags: unknown): EngineProgress | undefined {
  if (!Array.isArray(tags)) return undefined;
  const tag = tags.find((t: unknown) => (t as { Key?: unknown } | null)?.Key === TRANSCRIPTION_PROGRESS_TAG) as { Value?: unknown } | undefined;
  if (typeof tag?.Value !== 'string') return undefined;
  const params = new URLSearchParams(tag.Value);
  const number = (name: string) => {
    const text = params.get(name);
    return text === null || text.trim() === '' ? Number.NaN : Number(text);
  };
  const [done, total, started, at] = [number('done'), number('total'), number('started'), number('at')];
  // A tag written before `from` was: none done at `started`.
  const startDone = params.has('from') ? number('from') : 0;
  if (![done, total, started, at, startDone].every(Number.isFinite) || total <= 0 || done < 0 || done > total || at < started || started <= 0
    || startDone < 0 || startDone > done) return undefined;
  return { done, total, startedAtMs: started * 1000, atMs: at * 1000, startDone };
}

export interface NoteProgressPorts { readonly states: Pick<ProcessingStates, 'patchState'> }

/**
 * NoteTranscriptionProgress: keeps the running job's progress (from its tags) on the meeting's processing state;
 * nothing when the job reports none. Returns whether it was kept.
 */
export async function noteTranscriptionProgress(ports: NoteProgressPorts, input: { meetingId: string; tags?: unknown }): Promise<boolean> {
  const progress = readProgressTag(input.tags);
  if (!progress) return false;
  await ports.states.patchState(input.meetingId, {
    transcriptionProgress: {
      done: progress.done, total: progress.total,
      startedAt: new Date(progress.startedAtMs).toISOString(), at: new Date(progress.atMs).toISOString(), startDone: progress.startDone,
    },
  });
  return true;
}
