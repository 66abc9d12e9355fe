/** POST /api/users/forgot_password/ — e-mails a password reset link. */
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { emailRequest } from '@contracts/auth-users.js';
import { apiRequest } from '../api-client.js';

export const forgotPasswordInput = emailRequest;
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;
export const FORGOT_PASSWORD_KEY = '/api/users/forgot_password/';

/** Requests the link; throws ApiError. */
export function forgotPassword(input: ForgotPasswordInput): Promise<unknown> {
  return apiRequest(FORGOT_PASSWORD_KEY, { method: 'POST', json: input, auth: false });
}

export function useForgotPassword() {
  return useSWRMutation(FORGOT_PASSWORD_KEY, (_key: string, { arg }: { arg: ForgotPasswordInput }) => forgotPassword(arg));
}
