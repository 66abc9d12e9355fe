/**
 * The sample meetings of the local edition, seeded in the background after start-up (`npm start` only,
 * through startLocalEdition's `seedSamples`). The seeding module loads on first use, after the
 * edition has set the AWS endpoint variables its clients read.
 */
import { MissingMediaTool } from './recording.js';
import type { SeedOutcome } from './seed-samples.js';

export type SeedLog = (message: string, extra?: Record<string, unknown>) => void;

/** A seeding running in the background. */
export interface SampleSeeding {
  /** Settles when the pass has ended (it never rejects: failures are logged). */
  readonly done: Promise<void>;
  /** Aborts the pass (kills a running espeak-ng/ffmpeg) and waits for it to end. */
  stop(): Promise<void>;
}

/**
 * Starts seedSampleMeetings on the next turn of the event loop, so it never delays start-up, and logs
 * one line with what happened: what it seeded, that nothing was needed, what to install, or why it failed.
 */
export function startSampleSeeding(log: SeedLog): SampleSeeding {
  const controller = new AbortController();
  const started = Date.now();
  const done = new Promise<void>((resolve) => setImmediate(resolve))
    .then(async () => (await import('./seed-samples.js')).seedSampleMeetings(controller.signal))
    .then((outcome) => log(summary(outcome), { seconds: Math.round((Date.now() - started) / 100) / 10 }))
    .catch((error: Error) => {
      if (controller.signal.aborted) return;
      if (error instanceof MissingMediaTool) log(`Sample meetings skipped: ${error.message}`);
      else log('Sample meetings not seeded (tried again on next start)', { error: error.message });
    });
  return { done, stop: () => { controller.abort(); return done; } };
}

function summary({ created, uploaded, reprocessed }: SeedOutcome): string {
  if (uploaded.length === 0 && reprocessed.length === 0) return created.length ? `Sample meetings: created ${created.length}` :
    'Sample meetings: already seeded';
  const parts = [
    ...(uploaded.length ? [`recorded and uploaded ${uploaded.length}`] : []),
    ...(reprocessed.length ? [`restarted processing of ${reprocessed.length}`] : []),
  ];
  return `Sample meetings: ${parts.join(', ')}; processing in the background`;
}
