/**
 * Where a signed-out visitor was going (a share link /home/meeting/{id}, /dashboard/{id}/notes, ...): kept for the
 * browser tab while they sign in or sign up, so they land there afterwards instead of on the full list.
 */
const KEY = 'meetscribe.returnTo';

/** Only in-app pages that need a session are kept (never another origin, never an /auth page). */
export function isReturnTarget(path: string): boolean {
  return /^\/(home|dashboard|startmeeting)(\/|$|\?)/.test(path) && !path.startsWith('//') && path.length <= 500;
}

const store = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export function rememberReturnTarget(path: string): void {
  if (isReturnTarget(path) && path !== '/home') store()?.setItem(KEY, path);
}

export function peekReturnTarget(): string | undefined {
  const path = store()?.getItem(KEY) ?? undefined;
  return path && isReturnTarget(path) ? path : undefined;
}

export function forgetReturnTarget(): void {
  store()?.removeItem(KEY);
}
