/** POST /api/users/ — creates an account (spec §3 sign-up payload). */
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { signUpRequest } from '@contracts/auth-users.js';
import { apiRequest } from '../api-client.js';

export const signUpInput = signUpRequest;
export type SignUpInput = z.input<typeof signUpInput>;
export const SIGN_UP_KEY = '/api/users/#sign-up';

/** Signs up; throws ApiError (400 with `{field: [messages]}`). */
export function signUp(input: SignUpInput): Promise<{ selected_plan?: string | null } | null> {
  return apiRequest('/api/users/', { method: 'POST', json: input, auth: false });
}

export function useSignUp() {
  return useSWRMutation(SIGN_UP_KEY, (_key: string, { arg }: { arg: SignUpInput }) => signUp(arg));
}
