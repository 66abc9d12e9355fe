import { z, type ZodType } from 'zod';
import {
  emailRequest, passwordChangeRequest, profileUpdateRequest, resetPasswordRequest, signUpRequest, tokenObtainRequest,
  tokenRefreshRequest, userSettingsRequest,
} from '../../contracts/auth-users.js';

/**
 * Treats absent or null text fields as blank, so a missing field gets the same message as an empty one
 * ('This field is required.', the password rules, 'Invalid username or password.') instead of zod's type error.
 */
function blanksFor<T>(keys: readonly string[], schema: ZodType<T>) {
  return z.preprocess((raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const filled: Record<string, unknown> = { ...raw };
    for (const key of keys) filled[key] ??= '';
    return filled;
  }, schema);
}

export const bodies = {
  email: emailRequest,
  // Names and consent are checked by the use case, so a sign-up answer lists every problem at once.
  signUp: blanksFor(['first_name', 'last_name', 'username', 'password', 'verification_code'], signUpRequest.extend({
    first_name: z.string().trim().max(150),
    last_name: z.string().trim().max(150),
    consent: signUpRequest.shape.consent.optional().transform((v) => v === true),
  })),
  tokenObtain: blanksFor(['username', 'password'], tokenObtainRequest),
  tokenRefresh: tokenRefreshRequest,
  profile: profileUpdateRequest,
  passwordChange: passwordChangeRequest,
  // The reset screen shows only non-field errors, so a blank key is left to the use case, which reports it as one.
  resetPassword: blanksFor(['new_password', 'confirm_new_password', 'key'], resetPasswordRequest.extend({ key: z.string().max(512) })),
  settings: userSettingsRequest,
};
