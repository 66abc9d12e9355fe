/** GET /api/users/ — the signed-in user is the first item of `results`. */
import useSWR from 'swr';
import type { User } from '@contracts/auth-users.js';
import { ApiError, apiRequest } from '../api-client.js';
import { readAccessToken } from '../../lib/session.js';

export const USER_KEY = '/api/users/';

/** Fetches the signed-in user; throws ApiError (404 when the list is empty). */
export async function getUser(): Promise<User> {
  const data = await apiRequest<{ results: User[] }>(USER_KEY);
  const user = data?.results?.[0];
  if (!user) throw new ApiError(404, 'No user');
  return user;
}

/** The signed-in user, or nothing while signed out. */
export function useUser() {
  return useSWR(readAccessToken() ? USER_KEY : null, getUser);
}
