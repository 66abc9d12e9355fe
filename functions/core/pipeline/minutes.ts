/** Minutes accounting of one processed recording (spec §1, §9: a monthly minutes allowance per user). */

/** Minutes charged for a recording: its duration rounded up to whole minutes. */
export function minutesToCharge(durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds < 0) throw new RangeError(`Invalid duration: ${durationSeconds}`);
  return Math.ceil(durationSeconds / 60);
}
