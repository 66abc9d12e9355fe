/**
 * The processing status of a meeting row: the upload not finished yet (or abandoned), queued, the running stage
 * with its progress, ready or failed; nothing for a meeting that has no recording and never had an upload.
 */
import type { ProcessingView } from '@contracts/processing.js';
import { processingLabel, UPLOAD_UNFINISHED } from '../processing-status.js';

export function ProcessingStatus({ processing, uploadUnfinished = false }: { processing: ProcessingView | undefined; uploadUnfinished?: boolean }) {
  if (!processing && uploadUnfinished) {
    return <p className="processing-status processing-failed processing-status-box" role="status" aria-label="Processing status">{UPLOAD_UNFINISHED}</p>;
  }
  if (!processing) return null;
  const { text, tone, percent } = processingLabel(processing);
  return (
    <div className="processing-status-box">
      <p className={`processing-status processing-${tone}`} role="status" aria-label="Processing status">
        {text}
      </p>
      {percent !== undefined && (
        <progress className="processing-progress" max={100} value={percent} aria-label="Processing progress">{percent} %</progress>
      )}
    </div>
  );
}
