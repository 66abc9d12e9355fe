/** /auth/resetPassword?key= — 'New Password' (spec §2, §4, §5 New password, §8). */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@contracts/auth-users.js';
import { useResetPassword } from '../../../api/users/reset-password.js';
import { errorData, errorField, errorStatus, firstMessage, GENERIC_ERROR, SIGN_IN_UNAVAILABLE } from '../../../api/error-messages.js';
import { ErrorMessage, SuccessMessage } from '../../../components/message.js';
import { PasswordField } from '../../../components/password-field.js';
import { AuthLayout } from './auth-layout.js';

const MISSING_KEY = 'This reset link is incomplete. Please request a new one.';

/** The client-side rules of the reset form, in the spec's order; undefined when both pass. */
export function newPasswordProblem(password: string, confirm: string): string | undefined {
  if (password !== confirm) return MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  return undefined;
}

function resetErrorText(error: unknown): string {
  if (errorStatus(error) === 503) return SIGN_IN_UNAVAILABLE;
  return errorField(error, 'non_field_errors') ?? firstMessage(errorData(error)) ?? GENERIC_ERROR;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const { trigger, isMutating } = useResetPassword();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = key ? newPasswordProblem(password, confirm) : MISSING_KEY;
    setError(problem);
    if (problem) return;
    try {
      await trigger({ new_password: password, confirm_new_password: confirm, key });
      setDone(true);
    } catch (failure) {
      setError(resetErrorText(failure));
    }
  }

  return (
    <AuthLayout title="New Password">
      <form onSubmit={submit} className="form" aria-label="New password">
        <PasswordField label="New Password" name="new_password" autoComplete="new-password" required value={password} onChange={(e) =>
          setPassword(e.target.value)} />
        <PasswordField label="Confirm New Password" name="confirm_new_password" autoComplete="new-password" required value={confirm} onChange={(e) =>
          setConfirm(e.target.value)} />
        <ErrorMessage>{error}</ErrorMessage>
        {done ? (
          <SuccessMessage>
            Your password has been reset. <Link to="/auth/login">Sign in</Link> with your new password.
          </SuccessMessage>
        ) : (
          <button type="submit" className="button-primary" disabled={isMutating}>Confirm</button>
        )}
      </form>
    </AuthLayout>
  );
}
