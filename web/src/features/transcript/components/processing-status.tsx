/** The processing status of a meeting row; nothing for a meeting that was never processed. */
import type { ProcessingView } from '../../../../../functions/contracts/processing.js';
import { processingLabel } from '../processing-status.js';

export function ProcessingStatus({ processing }: { processing: ProcessingView | undefined }) {
  if (!processing) return null;
  const { text, tone } = processingLabel(processing);
  return (
    <p className={`processing-status processing-${tone}`} role="status" aria-label="Processing status">
      {text}
    </p>
  );
}
