/** /auth/login — 'Welcome Back!' (spec §2 Sign-in, §8 Sign-in errors). */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@contracts/auth-users.js';
import { useObtainToken } from '../../../api/auth/obtain-token.js';
import { errorData, errorStatus, firstMessage, GENERIC_ERROR, SIGN_IN_UNAVAILABLE } from '../../../api/error-messages.js';
import { ErrorMessage } from '../../../components/message.js';
import { PasswordField } from '../../../components/password-field.js';
import { TextField } from '../../../components/text-field.js';
import { useAuth } from '../auth-provider.js';
import { AuthLayout } from './auth-layout.js';

/** The text §8 gives for a failed sign-in; 429 (account locked) shows the server's detail. */
export function signInErrorText(error: unknown): string {
  const status = errorStatus(error);
  if (status === 400) return MESSAGES.invalidCredentials;
  if (status === 503) return SIGN_IN_UNAVAILABLE;
  if (status === 429) return firstMessage(errorData(error)) ?? GENERIC_ERROR;
  return GENERIC_ERROR;
}

export function SignInPage() {
  const { login } = useAuth();
  const { trigger, isMutating } = useObtainToken();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      login(await trigger({ username: email, password }));
    } catch (failure) {
      setError(signInErrorText(failure));
    }
  }

  return (
    <AuthLayout title="Welcome Back!">
      <form onSubmit={submit} className="form" aria-label="Sign in">
        <TextField label="My Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField label="My Password" name="password" autoComplete="current-password" required value={password} onChange={(e) =>
          setPassword(e.target.value)} />
        <Link to="/auth/requestResetPassword" className="form-aside-link">Forget your password ?</Link>
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" className="button-primary" disabled={isMutating}>Sign In</button>
      </form>
      <p>
        Don&apos;t have an account? <Link to="/auth/signup">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
