/** Meeting duration texts for the list (spec §2: 'In session' without an end time, else humanized). */

export const IN_SESSION = 'In session';

const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;

/**
 * A duration in words: whole seconds under a minute ('45 seconds'), otherwise hours and minutes rounded
 * to the nearest minute ('3 minutes', '1 hour', '1 hour 5 minutes').
 */
export function humanizeDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  if (seconds < 60) return unit(seconds, 'second');
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return unit(minutes, 'minute');
  return minutes === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
}

/** The list's duration cell for a meeting's start and end times (ISO strings; end null = in session). */
export function meetingDuration(startTime: string | null, endTime: string | null): string {
  if (!endTime) return IN_SESSION;
  const start = startTime ? Date.parse(startTime) : Number.NaN;
  const end = Date.parse(endTime);
  if (Number.isNaN(start) || Number.isNaN(end)) return IN_SESSION;
  return humanizeDuration(end - start);
}
