import { changePassword, type ChangePasswordDeps } from '../../core/accounts/change-password.js';
import { requestPasswordReset, resetPassword, type RequestPasswordResetDeps, type ResetPasswordDeps } from '../../core/accounts/password-reset.js';
import { listCurrentUser, updateProfile, updateSettings, type ProfileDeps } from '../../core/accounts/profile.js';
import { refreshAccess, signOut, type RefreshAccessDeps } from '../../core/accounts/refresh-access.js';
import { signIn, type SignInDeps } from '../../core/accounts/sign-in.js';
import { signUp, type SignUpDeps } from '../../core/accounts/sign-up.js';
import { startEmailVerification, type StartEmailVerificationDeps } from '../../core/accounts/start-email-verification.js';
import { equalTime } from '../http/equal-time.js';
import { created } from '../http/response.js';
import { route } from '../http/router.js';
import { bodies } from './schemas.js';

/**
 * The floor of the two calls whose work depends on whether an address has an account (issue #19: they were
 * 4-6 ms apart). Above a mail send plus a DynamoDB write, local and SES.
 */
export const ENUMERATION_FLOOR_MS = 400;

export type AccountsDeps = StartEmailVerificationDeps & SignUpDeps & SignInDeps & RefreshAccessDeps & ProfileDeps
  & ChangePasswordDeps & RequestPasswordResetDeps & ResetPasswordDeps;

/** The authentication and user calls of spec §7, bound to their use cases. */
export function accountRoutes(deps: AccountsDeps) {
  return [
    route({ method: 'POST', path: 'users/start_email_verification/', auth: 'public', body: bodies.email,
      handle: ({ body }) => equalTime(ENUMERATION_FLOOR_MS, () => startEmailVerification(deps, body.email)) }),
    route({ method: 'POST', path: 'users/', auth: 'public', body: bodies.signUp,
      handle: async ({ body }) => created(await signUp(deps, body)) }),
    route({ method: 'POST', path: 'auth/token/obtain/', auth: 'public', body: bodies.tokenObtain,
      handle: ({ body, sourceIp }) => signIn(deps, { ...body, sourceIp }) }),
    route({ method: 'POST', path: 'auth/token/refresh/', auth: 'public', body: bodies.tokenRefresh,
      handle: ({ body }) => refreshAccess(deps, body.refresh) }),
    // Server-side sign-out (not in spec §7; added by issue #19): revokes every token of the caller. Like RFC 7009's
    // revocation endpoint it answers 200 for a token that no longer works (already revoked, expired, or none), so
    // signing out with a dead token is no error for the app; only a live token revokes anything.
    route({ method: 'POST', path: 'auth/token/revoke/', auth: 'public',
      handle: async ({ principal }) => { if (principal) await signOut(deps, principal); return { detail: 'Signed out.' }; } }),
    route({ method: 'GET', path: 'users/', auth: 'user',
      handle: ({ principal }) => listCurrentUser(deps, principal) }),
    route({ method: 'PUT', path: 'users/{id}/', auth: 'user', body: bodies.profile,
      handle: ({ body, params, principal }) => updateProfile(deps, principal, params.id,
        { firstName: body.first_name, lastName: body.last_name, company: body.company }) }),
    route({ method: 'POST', path: 'users/{id}/change_password/', auth: 'user', body: bodies.passwordChange,
      handle: ({ body, params, principal }) => changePassword(deps, principal, params.id, body) }),
    route({ method: 'PUT', path: 'users/{id}/user_settings/', auth: 'user', body: bodies.settings,
      handle: ({ body, params, principal }) => updateSettings(deps, principal, params.id, body.email_notes) }),
    route({ method: 'POST', path: 'users/forgot_password/', auth: 'public', body: bodies.email,
      handle: ({ body }) => equalTime(ENUMERATION_FLOOR_MS, () => requestPasswordReset(deps, body.email)) }),
    route({ method: 'POST', path: 'users/reset_password/', auth: 'public', body: bodies.resetPassword,
      handle: ({ body }) => resetPassword(deps, body) }),
  ];
}
