/** Retries `probe` until it resolves or `timeoutMs` passes; rethrows the last failure. */
export async function eventually<T>(probe: () => Promise<T>, timeoutMs = 10_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
