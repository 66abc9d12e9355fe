/** PUT /api/users/{id}/user_settings/ — general settings (email_notes). */
import useSWRMutation from 'swr/mutation';
import type { User } from '@contracts/auth-users.js';
import { apiRequest } from '../api-client.js';
import { USER_KEY } from './get-user.js';

export type UpdateUserSettingsInput = { email_notes: boolean };

/** Saves the settings; throws ApiError. */
export function updateUserSettings(userId: string, input: UpdateUserSettingsInput): Promise<unknown> {
  return apiRequest(`/api/users/${encodeURIComponent(userId)}/user_settings/`, { method: 'PUT', json: input });
}

/** Saves, and only then changes the cached user (spec: toggles flip after the server accepts). */
export function useUpdateUserSettings(userId: string | undefined) {
  return useSWRMutation(
    USER_KEY,
    async (_key: string, { arg }: { arg: UpdateUserSettingsInput }) => {
      await updateUserSettings(userId ?? '', arg);
      return arg;
    },
    {
      populateCache: (saved, current?: User) => (current ? { ...current, user_settings: { ...current.user_settings, ...saved } } : current) as User,
      revalidate: false,
    },
  );
}
