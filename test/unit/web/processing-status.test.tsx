/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { render, screen } from '@testing-library/react';
import type { ProcessingView } from '../../../functions/contracts/processing.js';
import { ProcessingStatus } from '../../../web/src/features/meetings/components/processing-status.js';

const view = (over: Partial<ProcessingView>): ProcessingView => ({
  status: 'processing', step: 'Transcription', percent: 31, stage: 'Transcribing the speech', seconds_left: 40, reason: null,
  too_short: false, transcript: 'processing', ...over,
} as ProcessingView);

describe('ProcessingStatus', () => {
  it('keeps the bar where it was when a poll estimates a point less, and follows it up and into the next run', () => {
    const { rerender } = render(<ProcessingStatus processing={view({ percent: 31 })} />);
    rerender(<ProcessingStatus processing={view({ percent: 30 })} />);
    expect(screen.getByRole('status').textContent).toBe('Transcribing the speech… 31 % · about 40 s left');
    expect((screen.getByLabelText('Processing progress') as HTMLProgressElement).value).toBe(31);
    rerender(<ProcessingStatus processing={view({ percent: 44 })} />);
    expect(screen.getByRole('status').textContent).toContain('44 %');
    rerender(<ProcessingStatus processing={view({ status: 'ready', step: 'Finalize', percent: 100, transcript: 'ready' })} />);
    rerender(<ProcessingStatus processing={view({ step: 'StartProcessing', percent: 1, stage: 'Waiting to start' })} />);
    expect(screen.getByRole('status').textContent).toContain('1 %');
  });
});
