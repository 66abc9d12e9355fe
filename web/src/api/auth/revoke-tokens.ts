/**
 * POST /api/auth/token/revoke/ — server-side sign-out: every access and refresh token of the user issued so far
 * stops working (on every device; docs/security.md). Sent with the token being signed out (the stored session
 * is already cleared), with keepalive so it still goes out while the page moves on. Never throws.
 */
import { apiRequest } from '../api-client.js';

export const REVOKE_TOKENS_PATH = '/api/auth/token/revoke/';

export async function revokeTokens(access: string): Promise<boolean> {
  try {
    await apiRequest(REVOKE_TOKENS_PATH, { method: 'POST', token: access, keepalive: true });
    return true;
  } catch {
    return false;
  }
}
