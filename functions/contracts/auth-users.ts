/**
 * Request and response shapes of the authentication and user calls (spec §3, §5, §7).
 * Imported by the API handlers and by the SPA, so the two cannot drift.
 */
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const SESSION_LIFETIME_SECONDS = 86_400;

export const MESSAGES = {
  passwordTooShort: 'Password must be at-least 8 characters long.',
  passwordAllNumeric: 'Password can not be all numeric.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordSameAsOld: 'New password can not be the same as the existing one.',
  tooManyCodes: 'You have made too many attempts to send a verification code. Please try again after 10 minutes.',
  invalidCredentials: 'Invalid username or password.',
} as const;

const email = z.string().trim().toLowerCase().max(254).email('Enter a valid email address.');

export const emailRequest = z.object({ email });
export type EmailRequest = z.infer<typeof emailRequest>;

export const signUpRequest = z.object({
  first_name: z.string().trim().min(1, 'This field is required.').max(150),
  last_name: z.string().trim().min(1, 'This field is required.').max(150),
  username: email,
  password: z.string().max(128),
  consent: z.union([z.boolean(), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 'true'),
  verification_code: z.string().trim().max(12),
  selected_plan: z.string().max(100).optional().nullable(),
});
export type SignUpRequest = z.infer<typeof signUpRequest>;

export const tokenObtainRequest = z.object({ username: z.string().trim().toLowerCase().max(254), password: z.string().max(128) });
export const tokenRefreshRequest = z.object({ refresh: z.string().max(4096) });
export interface TokenPair { access: string; refresh: string }

export const profileUpdateRequest = z.object({
  first_name: z.string().trim().min(1, 'This field is required.').max(150),
  last_name: z.string().trim().min(1, 'This field is required.').max(150),
  company: z.string().trim().max(200).optional().default(''),
});

export const passwordChangeRequest = z.object({
  old_password: z.string().min(1, 'This field is required.').max(128),
  new_password: z.string().min(1, 'This field is required.').max(128),
  confirm_new_password: z.string().min(1, 'This field is required.').max(128),
});

export const resetPasswordRequest = z.object({
  new_password: z.string().max(128),
  confirm_new_password: z.string().max(128),
  key: z.string().min(1).max(512),
});

export const userSettingsRequest = z.object({
  email_notes: z.union([z.boolean(), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 'true'),
});

/** The User entity as `GET users/` returns it (spec §3). */
export interface User {
  id: string;
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  user_settings: { email_notes: boolean };
  minutes: number;
  preferred_plan: string | null;
  zoom_integrated: boolean;
  zoom_refresh_token_exists: boolean;
  webex_integrated: boolean;
  webex_refresh_token_exists: boolean;
  webex_auto_share_on: boolean;
  webex_auto_record_on: boolean;
  todoist_integrated: boolean;
  todoist_access_token_exists: boolean;
  todoist_auto_store_to_inbox: boolean;
  basicops_integrated: boolean;
  basicops_refresh_token_exists: boolean;
  /**
   * Additions to spec §3 (docs/integrations.md): the connected account's e-mail per service, as the provider named it
   * when it was connected; null when not connected or unknown (BasicOps names none).
   */
  zoom_account?: string | null;
  webex_account?: string | null;
  todoist_account?: string | null;
  basicops_account?: string | null;
}

/** Client-side password rules (§5); the server applies the same ones. Returns the first broken rule's message. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (/^\d+$/.test(password)) return MESSAGES.passwordAllNumeric;
  return undefined;
}
