/** POST /api/users/{id}/change_password/ */
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { passwordChangeRequest, type TokenPair } from '@contracts/auth-users.js';
import { apiRequest } from '../api-client.js';

export const changePasswordInput = passwordChangeRequest;
export type ChangePasswordInput = z.input<typeof changePasswordInput>;
export const CHANGE_PASSWORD_KEY = '/api/users/#change_password';

/** The answer: every earlier token is revoked; this device's fresh session comes back (docs/accounts.md). */
export type ChangePasswordAnswer = { detail: string } & TokenPair;

/** Changes the password; throws ApiError (400 with the server's messages). */
export function changePassword(userId: string, input: ChangePasswordInput): Promise<ChangePasswordAnswer> {
  return apiRequest<ChangePasswordAnswer>(`/api/users/${encodeURIComponent(userId)}/change_password/`, { method: 'POST', json: input });
}

export function useChangePassword(userId: string | undefined) {
  return useSWRMutation(CHANGE_PASSWORD_KEY, (_key: string, { arg }: { arg: ChangePasswordInput }) => changePassword(userId ?? '', arg));
}
