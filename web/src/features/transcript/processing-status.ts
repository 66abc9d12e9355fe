/** How a meeting's processing status (docs/pipeline.md, `processing` on a meeting) reads in the list row. */
import type { ProcessingView } from '../../../../functions/contracts/processing.js';

export type ProcessingTone = 'pending' | 'ready' | 'failed';

export interface ProcessingLabel {
  text: string;
  tone: ProcessingTone;
}

/** 'Queued for processing', 'Processing… 40 %', 'Transcript ready' or 'Failed: reason'. */
export function processingLabel(view: ProcessingView): ProcessingLabel {
  if (view.status === 'failed') return { text: `Failed: ${view.reason ?? 'unknown error'}`, tone: 'failed' };
  if (view.status === 'ready' || view.transcript === 'ready') {
    return { text: view.too_short ? 'Transcript ready (under 30 s of speech)' : 'Transcript ready', tone: 'ready' };
  }
  if (view.status === 'queued') return { text: view.reason ?? 'Queued for processing', tone: 'pending' };
  return { text: view.percent === null ? 'Processing…' : `Processing… ${view.percent} %`, tone: 'pending' };
}
