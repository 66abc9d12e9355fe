import { toolTimeBudget } from '../../../functions/pipeline/shared/tool-time.js';

describe('toolTimeBudget', () => {
  it('leaves 20 s of the invocation for reporting why a media tool stopped', () => {
    expect(toolTimeBudget({ getRemainingTimeInMillis: () => 900_000 })).toBe(880_000);
  });

  it('still gives a tool a second when the invocation is nearly over', () => {
    expect(toolTimeBudget({ getRemainingTimeInMillis: () => 5_000 })).toBe(1_000);
  });
});
