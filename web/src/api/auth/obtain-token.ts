/** POST /api/auth/token/obtain/ — exchanges e-mail and password for an access and a refresh token. */
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { tokenObtainRequest, type TokenPair } from '@contracts/auth-users.js';
import { apiRequest } from '../api-client.js';

export const obtainTokenInput = tokenObtainRequest;
export type ObtainTokenInput = z.input<typeof obtainTokenInput>;
export const OBTAIN_TOKEN_KEY = '/api/auth/token/obtain/';

/** Signs in; throws ApiError (400 bad credentials, 429 locked, 503 no answer). */
export function obtainToken(input: ObtainTokenInput): Promise<TokenPair> {
  return apiRequest<TokenPair>(OBTAIN_TOKEN_KEY, { method: 'POST', json: input, auth: false });
}

export function useObtainToken() {
  return useSWRMutation(OBTAIN_TOKEN_KEY, (_key: string, { arg }: { arg: ObtainTokenInput }) => obtainToken(arg));
}
