/**
 * POST /api/auth/token/revoke/ — server-side sign-out: every access and refresh token of the user issued so far
 * stops working (on every device; docs/security.md). Sent with the token being signed out (the stored session
 * is already cleared), with keepalive so it still goes out while the page moves on. Never throws.
 */
import { env } from '../../config/env.js';

export const REVOKE_TOKENS_PATH = '/api/auth/token/revoke/';

export async function revokeTokens(access: string, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<boolean> {
  try {
    const response = await fetchImpl(`${env.apiUrl}${REVOKE_TOKENS_PATH}`, {
      method: 'POST', keepalive: true, headers: { Accept: 'application/json', Authorization: `Bearer ${access}` },
    });
    return response.ok;
  } catch {
    return false;
  }
}
