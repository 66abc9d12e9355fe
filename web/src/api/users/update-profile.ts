/** PUT /api/users/{id}/ — form-encoded first_name, last_name, company. */
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { profileUpdateRequest, type User } from '@contracts/auth-users.js';
import { apiRequest } from '../api-client.js';
import { USER_KEY } from './get-user.js';

export const updateProfileInput = profileUpdateRequest;
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/** Saves the profile; throws ApiError. */
export function updateProfile(userId: string, input: UpdateProfileInput): Promise<unknown> {
  const form = { first_name: input.first_name, last_name: input.last_name, company: input.company ?? '' };
  return apiRequest(`/api/users/${encodeURIComponent(userId)}/`, { method: 'PUT', form });
}

/** Saves the profile, then puts the new names into the cached user. */
export function useUpdateProfile(userId: string | undefined) {
  return useSWRMutation(
    USER_KEY,
    async (_key: string, { arg }: { arg: UpdateProfileInput }) => {
      await updateProfile(userId ?? '', arg);
      return arg;
    },
    {
      populateCache: (saved, current?: User) => (current ? { ...current, ...saved, company: saved.company ?? '' } : current) as User,
      revalidate: false,
    },
  );
}
