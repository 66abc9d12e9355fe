/**
 * Settings › Account: password change with the §5 rules and the §8 error texts. The server revokes every earlier
 * token and answers with a fresh session for this device, taken at once (so no call of this page meets a 401);
 * success goes home after 500 ms (§9).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useChangePassword } from '../../../api/users/change-password.js';
import { allMessages, errorData, errorStatus, GENERIC_ERROR, SETTINGS_UNAVAILABLE } from '../../../api/error-messages.js';
import { ErrorMessage, SuccessMessage } from '../../../components/message.js';
import type { TokenPair } from '@contracts/auth-users.js';
import { PasswordField } from '../../../components/password-field.js';
import { passwordChangeProblem, type PasswordChangeValues } from '../password-change-rules.js';

export const REDIRECT_DELAY_MS = 500;

function changeErrorTexts(error: unknown): string[] {
  const status = errorStatus(error);
  if (status === 400) {
    const messages = allMessages(errorData(error));
    return messages.length > 0 ? messages : [GENERIC_ERROR];
  }
  return [status === 503 ? SETTINGS_UNAVAILABLE : GENERIC_ERROR];
}

interface AccountTabProps {
  userId: string;
  /** This device's fresh session, to be taken at once. */
  onSession: (session: TokenPair) => void;
  /** Called 500 ms after the success message shows. */
  onChanged: () => void;
}

export function AccountTab({ userId, onSession, onChanged }: AccountTabProps) {
  const [values, setValues] = useState<PasswordChangeValues>({ old_password: '', new_password: '', confirm_new_password: '' });
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const { trigger, isMutating } = useChangePassword(userId);
  const set = (name: keyof PasswordChangeValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onChanged, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, onChanged]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordChangeProblem(values);
    setErrors(problem ? [problem] : []);
    if (problem) return;
    try {
      const { access, refresh } = await trigger(values);
      onSession({ access, refresh });
      setDone(true);
    } catch (failure) {
      setErrors(changeErrorTexts(failure));
    }
  }

  return (
    <form onSubmit={submit} className="form" noValidate aria-label="Change password">
      <PasswordField label="Current Password" name="old_password" autoComplete="current-password" required value={values.old_password} onChange={set(
        'old_password')} />
      <PasswordField label="New Password" name="new_password" autoComplete="new-password" required value={values.new_password} onChange={set('new_password')} />
      <PasswordField label="Confirm New Password" name="confirm_new_password" autoComplete="new-password" required
        value={values.confirm_new_password} onChange={set('confirm_new_password')} />
      {errors.length === 1 && <ErrorMessage>{errors[0]}</ErrorMessage>}
      {errors.length > 1 && (
        <ul role="alert" className="message message-error">
          {errors.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
      <SuccessMessage>{done ? 'Your password has been changed.' : undefined}</SuccessMessage>
      <button type="submit" className="button-primary" disabled={isMutating || done}>Change Password</button>
    </form>
  );
}
