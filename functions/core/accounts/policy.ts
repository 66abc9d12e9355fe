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
  /** Attempts on one account from one source address: the guessing limit an attacker meets. */
  signInFailuresPerAccountAndIp: 5,
  /**
   * Attempts on one account from all sources together. Higher than the per-source limit, so one attacker
   * cannot lock the owner out (docs/security.md explains the trade-off); a password reset lifts it.
   */
  signInFailuresPerAccount: 50,
  signInFailuresPerIp: 20,
  /** Wrong old passwords in change_password before it answers 429 (a stolen session cannot brute-force it). */
  passwordChecksPerAccount: 5,
} as const;

/** Rate-limit keys, one namespace per counter. */
export const RATE_KEYS = {
  codeSends: (email: string) => `code-send#${email}`,
  resetRequests: (email: string) => `reset-request#${email}`,
  signInAccount: (email: string) => `signin-account#${email}`,
  signInAccountFromIp: (email: string, ip: string) => `signin-account-ip#${email}#${ip}`,
  passwordChecks: (userId: string) => `password-check#${userId}`,
  signInIp: (ip: string) => `signin-ip#${ip}`,
} as const;
