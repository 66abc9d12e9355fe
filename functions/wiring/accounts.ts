import type { UsersRepository } from '../core/accounts/ports.js';
import type { AccountNames, UserDirectory } from '../core/meetings/model.js';

/** Display names for attendee lists and share mails, from the users repository. */
export function createUserDirectory(users: Pick<UsersRepository, 'findById'>): UserDirectory {
  return {
    async displayName(userId) {
      const user = await users.findById(userId);
      const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
      return name || undefined;
    },
  };
}

/** How long a looked-up account name (or its absence) is reused in this container: a sign-up or rename shows within it. */
export const ACCOUNT_NAME_CACHE_MS = 60_000;

/**
 * Account names by e-mail for the host's share list (docs/meetings.md), from the users repository; each address's answer
 * (a name, or none) is kept for a minute in the container, so a list the host pages through is read once.
 */
export function createAccountNames(users: Pick<UsersRepository, 'findByEmail'>, now: () => number = Date.now): AccountNames {
  const known = new Map<string, { name: string | undefined; until: number }>();
  return {
    async namesByEmail(emails) {
      const at = now();
      const missing = [...new Set(emails)].filter((email) => !((known.get(email)?.until ?? 0) > at));
      await Promise.all(missing.map(async (email) => {
        const user = await users.findByEmail(email);
        const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
        known.set(email, { name: name || undefined, until: at + ACCOUNT_NAME_CACHE_MS });
      }));
      return new Map(emails.flatMap((email) => { const name = known.get(email)?.name; return name ? [[email, name] as const] : []; }));
    },
  };
}
