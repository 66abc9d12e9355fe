/**
 * The processing status of a meeting row: the upload not finished yet (or abandoned), queued, the running stage
 * with its progress, ready or failed; nothing for a meeting that has no recording and never had an upload.
 */
import type { ProcessingView } from '@contracts/processing.js';
import { useRef } from 'react';
import { processingLabel, steadyPercent, UPLOAD_UNFINISHED, type ShownPercent } from '../processing-status.js';

export function ProcessingStatus({ processing, uploadUnfinished = false }: { processing: ProcessingView | undefined; uploadUnfinished?: boolean }) {
  const shown = useRef<ShownPercent | undefined>(undefined);
  if (processing && processing.status === 'processing' && processing.percent !== null) {
    const percent = steadyPercent(shown.current, processing.step, processing.percent);
    shown.current = { step: processing.step, percent };
    processing = { ...processing, percent };
  } else shown.current = undefined;
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
