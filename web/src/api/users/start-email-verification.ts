/** POST /api/users/start_email_verification/ — e-mails a sign-up verification code. */
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { emailRequest } from '@contracts/auth-users.js';
import { apiRequest } from '../api-client.js';

export const startEmailVerificationInput = emailRequest;
export type StartEmailVerificationInput = z.input<typeof startEmailVerificationInput>;
export const START_EMAIL_VERIFICATION_KEY = '/api/users/start_email_verification/';

/** Sends a code; throws ApiError (429 with the too-many-attempts text). */
export function startEmailVerification(input: StartEmailVerificationInput): Promise<unknown> {
  return apiRequest(START_EMAIL_VERIFICATION_KEY, { method: 'POST', json: input, auth: false });
}

export function useStartEmailVerification() {
  return useSWRMutation(START_EMAIL_VERIFICATION_KEY, (_key: string, { arg }: { arg: StartEmailVerificationInput }) =>
    startEmailVerification(arg));
}
