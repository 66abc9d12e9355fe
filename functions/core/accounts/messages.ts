/** Server-side messages of the account flows that the shared contract does not already define. */
export const ACCOUNT_MESSAGES = {
  required: 'This field is required.',
  invalidCode: 'The verification code is invalid or has expired. Please request a new one.',
  emailTaken: 'A user with that email already exists.',
  consentRequired: 'You must agree to the Terms of Service to sign up.',
  wrongOldPassword: 'Your old password was entered incorrectly. Please enter it again.',
  invalidResetKey: 'The password reset link is invalid or has expired. Please request a new one.',
  tooManyResetRequests: 'You have requested too many password reset links. Please try again after 10 minutes.',
  codeSent: 'Verification code sent.',
  resetLinkSent: 'If an account exists for this email, we have sent it a link to reset the password.',
  passwordChanged: 'Your password has been changed.',
  passwordReset: 'Your password has been reset. You can now sign in with the new password.',
  tooManySignIns: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
