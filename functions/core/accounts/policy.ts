/** Limits and lifetimes of the account flows (documented in docs/accounts.md). */
export const POLICY = {
  codeLifetimeSeconds: 10 * 60,
  codeSendsPerWindow: 3,
  codeSendWindowSeconds: 10 * 60,
  /** Wrong guesses that burn a code, so 6 digits cannot be brute-forced. */
  codeMaxAttempts: 5,
  resetKeyLifetimeSeconds: 60 * 60,
  resetRequestsPerWindow: 3,
  resetRequestWindowSeconds: 10 * 60,
  signInWindowSeconds: 15 * 60,
  signInFailuresPerAccount: 5,
  signInFailuresPerIp: 20,
  /** Monthly minutes of the free plan, reported until the billing context supplies real balances. */
  freePlanMinutes: 60,
} as const;

/** Rate-limit keys, one namespace per counter. */
export const RATE_KEYS = {
  codeSends: (email: string) => `code-send#${email}`,
  resetRequests: (email: string) => `reset-request#${email}`,
  signInAccount: (email: string) => `signin-account#${email}`,
  signInIp: (ip: string) => `signin-ip#${ip}`,
} as const;
