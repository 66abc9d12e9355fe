/** POST /api/users/reset_password/ — sets a new password with the key from the e-mailed link. */
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { resetPasswordRequest } from '@contracts/auth-users.js';
import { apiRequest } from '../api-client.js';

export const resetPasswordInput = resetPasswordRequest;
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;
export const RESET_PASSWORD_KEY = '/api/users/reset_password/';

/** Resets; throws ApiError (400 with `{non_field_errors: [...]}`). */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiRequest(RESET_PASSWORD_KEY, { method: 'POST', json: input, auth: false });
}

export function useResetPassword() {
  return useSWRMutation(RESET_PASSWORD_KEY, (_key: string, { arg }: { arg: ResetPasswordInput }) => resetPassword(arg));
}
