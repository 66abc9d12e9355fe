/** /auth/requestResetPassword — 'Reset Your Password' (spec §2, §5 Reset request, §8). */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useForgotPassword } from '../../../api/users/forgot-password.js';
import { errorData, errorStatus, firstMessage, GENERIC_ERROR, SIGN_IN_UNAVAILABLE } from '../../../api/error-messages.js';
import { ErrorMessage, SuccessMessage } from '../../../components/message.js';
import { TextField } from '../../../components/text-field.js';
import { AuthLayout } from './auth-layout.js';
import { MISSING_EMAIL } from './verification-code.js';

const RESET_LINK_SENT = 'If an account exists for that e-mail, we have sent it a link to reset your password.';

export function RequestResetPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const { trigger, isMutating } = useForgotPassword();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setSent(false);
    if (email.trim() === '') return setError(MISSING_EMAIL);
    if (!event.currentTarget.reportValidity()) return;
    try {
      await trigger({ email });
      setSent(true);
    } catch (failure) {
      const unavailable = errorStatus(failure) === 503;
      setError(unavailable ? SIGN_IN_UNAVAILABLE : firstMessage(errorData(failure)) ?? GENERIC_ERROR);
    }
  }

  return (
    <AuthLayout title="Reset Your Password">
      <form onSubmit={submit} className="form" noValidate aria-label="Reset your password">
        <TextField label="My Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <ErrorMessage>{error}</ErrorMessage>
        <SuccessMessage>{sent ? RESET_LINK_SENT : undefined}</SuccessMessage>
        <button type="submit" className="button-primary" disabled={isMutating}>Send Link</button>
      </form>
      <p>
        Remembered it? <Link to="/auth/login">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
