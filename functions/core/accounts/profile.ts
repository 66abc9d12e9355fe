import type { User } from '../../contracts/auth-users.js';
import type { Principal } from '../auth/principal.js';
import { NotFound } from '../errors.js';
import type { AccountMinutes, ProfileChange, UserRecord, UsersRepository } from './ports.js';
import { toUser } from './user-view.js';

export interface ProfileDeps {
  readonly users: Pick<UsersRepository, 'findById' | 'updateProfile' | 'updateSettings'>;
  /** The caller's remaining minutes (the billing context's ledger). */
  readonly minutes: AccountMinutes;
}

/** Caller identity as established by the bearer token: the part of the principal (core/auth/principal.ts) accounts need. */
export type Caller = Pick<Principal, 'userId'>;

/** Throws NotFound unless `id` is the caller's own id, so other users' ids are indistinguishable from unknown ones. */
export function assertSelf(caller: Caller, id: string): void {
  if (caller.userId !== id) throw new NotFound();
}

const found = async (deps: ProfileDeps, user: UserRecord | undefined): Promise<User> => {
  if (!user) throw new NotFound();
  return toUser(user, await deps.minutes.minutesLeft(user.id));
};

/** The `GET users/` answer: the caller as the single result. Throws NotFound if the account is gone. */
export async function listCurrentUser(deps: ProfileDeps, caller: Caller): Promise<{ results: User[] }> {
  return { results: [await found(deps, await deps.users.findById(caller.userId))] };
}

/** Updates first name, last name and company of the caller's own profile. Throws NotFound. */
export async function updateProfile(deps: ProfileDeps, caller: Caller, id: string, change: ProfileChange): Promise<User> {
  assertSelf(caller, id);
  return found(deps, await deps.users.updateProfile(id, change));
}

/** Updates the caller's general settings (e-mail notes). Throws NotFound. */
export async function updateSettings(deps: ProfileDeps, caller: Caller, id: string, emailNotes: boolean): Promise<User> {
  assertSelf(caller, id);
  return found(deps, await deps.users.updateSettings(id, { emailNotes }));
}
