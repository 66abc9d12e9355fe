/** The password-change rules of spec §5, checked in the browser before the call. */
import { MESSAGES, passwordProblem } from '@contracts/auth-users.js';

export const REQUIRED = 'Please fill out all three password fields.';

export interface PasswordChangeValues {
  old_password: string;
  new_password: string;
  confirm_new_password: string;
}

/** The first broken rule's message, or undefined when the change may be sent. */
export function passwordChangeProblem(v: PasswordChangeValues): string | undefined {
  if (!v.old_password || !v.new_password || !v.confirm_new_password) return REQUIRED;
  if (v.new_password === v.old_password) return MESSAGES.passwordSameAsOld;
  const weak = passwordProblem(v.new_password);
  if (weak) return weak;
  if (v.new_password !== v.confirm_new_password) return MESSAGES.passwordsDoNotMatch;
  return undefined;
}
