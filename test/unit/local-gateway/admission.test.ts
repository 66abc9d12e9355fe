import { createAdmission, MessageBudget } from '../../../local/gateway/admission.js';

describe('createAdmission (issue #19: shed load instead of queueing into timeouts)', () => {
  it('runs up to the concurrency, queues up to the queue size, and sheds the rest at once', async () => {
    const admission = createAdmission({ concurrency: 2, queue: 1, maxWaitMs: 10_000 });
    const first = await admission.enter();
    const second = await admission.enter();
    const queued = admission.enter();
    expect(await admission.enter()).toBeUndefined();
    expect(admission.stats).toEqual({ active: 2, waiting: 1, shed: 1 });
    first!();
    const third = await queued;
    expect(third).toBeInstanceOf(Function);
    second!();
    third!();
    expect(admission.stats).toMatchObject({ active: 0, waiting: 0 });
  });

  it('sheds a request that waited longer than maxWaitMs', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 10, maxWaitMs: 20 });
    const held = await admission.enter();
    expect(await admission.enter()).toBeUndefined();
    held!();
    expect(await admission.enter()).toBeInstanceOf(Function);
  });
});

describe('MessageBudget', () => {
  it('allows a burst, then refills at the rate', () => {
    let now = 0;
    const budget = new MessageBudget(10, 5, () => now);
    expect(Array.from({ length: 8 }, () => budget.take())).toEqual([true, true, true, true, true, false, false, false]);
    now += 200;
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
    expect(budget.dropped).toBe(4);
  });
});
