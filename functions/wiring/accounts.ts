import type { UsersRepository } from '../core/accounts/ports.js';
import type { UserDirectory } from '../core/meetings/model.js';

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
