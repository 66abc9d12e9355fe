/**
 * Load shedding for the gateway's /api: at most `concurrency` requests run at once, at most `queue` wait,
 * and none waits longer than `maxWaitMs`. Past that the gateway answers 503 with Retry-After at once
 * instead of letting requests pile up into timeouts (issue #19: 11,811 of 11,999 timed out in the queue).
 */
export interface AdmissionOptions {
  readonly concurrency: number;
  readonly queue: number;
  readonly maxWaitMs: number;
}

export const DEFAULT_ADMISSION: AdmissionOptions = { concurrency: 24, queue: 96, maxWaitMs: 1_000 };

export interface Admission {
  /** Resolves with a release function once the request may run, or undefined when it is shed. */
  enter(): Promise<(() => void) | undefined>;
  readonly stats: { readonly active: number; readonly waiting: number; readonly shed: number };
}

export function createAdmission(options: AdmissionOptions = DEFAULT_ADMISSION): Admission {
  let active = 0;
  let shed = 0;
  const waiting: Array<(admitted: boolean) => void> = [];
  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) next(true);
  };
  const admitted = () => {
    active += 1;
    let released = false;
    return () => { if (!released) { released = true; release(); } };
  };
  return {
    get stats() { return { active, waiting: waiting.length, shed }; },
    async enter() {
      if (active < options.concurrency) return admitted();
      if (waiting.length >= options.queue) { shed += 1; return undefined; }
      const ok = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          const at = waiting.indexOf(wake);
          if (at >= 0) waiting.splice(at, 1);
          resolve(false);
        }, options.maxWaitMs);
        const wake = (value: boolean) => { clearTimeout(timer); resolve(value); };
        waiting.push(wake);
      });
      if (!ok) { shed += 1; return undefined; }
      // The slot freed by release() is handed over directly.
      active += 1;
      let released = false;
      return () => { if (!released) { released = true; release(); } };
    },
  };
}

/**
 * A per-connection message budget for the WebSocket: a token bucket (`burst` messages, refilled at
 * `perSecond`). A message over budget is dropped; a connection that keeps flooding is closed.
 */
export class MessageBudget {
  private tokens: number;
  private last: number;
  dropped = 0;
  constructor(private readonly perSecond = 50, private readonly burst = 100, private readonly now: () => number = () => performance.now()) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one token; false when the connection is over its budget. */
  take(): boolean {
    const at = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((at - this.last) / 1000) * this.perSecond);
    this.last = at;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.dropped += 1;
    return false;
  }
}
