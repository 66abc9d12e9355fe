/** Retries with exponential back-off for the language-model adapters. */

export interface RetryOptions {
  /** Tries in all (first included). @default 3 */
  readonly attempts?: number;
  /** Wait before the second try; doubled each time, with ±25 % jitter. @default 500 */
  readonly baseDelayMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** An error worth trying again (the server busy or briefly down), optionally with the server's own wait. */
export class Retryable extends Error {
  constructor(message: string, readonly retryAfterMs?: number) {
    super(message);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `attempt` until it succeeds, throws something other than Retryable, or has been tried `attempts`
 * times; then throws the last error. Waits base·2^i (±25 %), or the server's Retry-After when longer (≤ 10 s).
 */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 3;
  const base = options.baseDelayMs ?? 500;
  const sleep = options.sleep ?? defaultSleep;
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof Retryable) || i + 1 >= attempts) throw error;
      const backOff = base * 2 ** i * (0.75 + Math.random() * 0.5);
      await sleep(Math.min(10_000, Math.max(backOff, error.retryAfterMs ?? 0)));
    }
  }
}
