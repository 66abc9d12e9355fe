/** The upload progress circle with the percentage in the middle (spec §2 Meetings list). */
const RADIUS = 26;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function ProgressCircle({ percent }: { percent: number }) {
  const clamped = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="progress-circle" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={clamped}>
      <svg viewBox="0 0 64 64" aria-hidden="true">
        <circle className="progress-circle-track" cx="32" cy="32" r={RADIUS} />
        <circle
          className="progress-circle-value"
          cx="32"
          cy="32"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
        />
      </svg>
      <span className="progress-circle-text">{clamped}%</span>
    </div>
  );
}
