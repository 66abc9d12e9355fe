/** /auth/signup — 'Get Started!' (spec §2 Sign-up, §4 Sign-up states, §5 and §8 Sign-up). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { obtainToken } from '../../../api/auth/obtain-token.js';
import { useSignUp } from '../../../api/users/sign-up.js';
import { ErrorMessage } from '../../../components/message.js';
import { PasswordField } from '../../../components/password-field.js';
import { TextField } from '../../../components/text-field.js';
import { env } from '../../../config/env.js';
import { useAuth } from '../auth-provider.js';
import { peekReturnTarget } from '../return-target.js';
import { signUpErrorText } from '../sign-up-errors.js';
import { AuthLayout } from './auth-layout.js';
import { VerificationCodeControls, useVerificationCode } from './verification-code.js';

export function SignUpPage() {
  const [params] = useSearchParams();
  const [plan] = useState(() => params.get('plan'));
  const [fields, setFields] = useState({ first_name: '', last_name: '', email: '', password: '', confirm: '', code: '' });
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string>();
  const verification = useVerificationCode();
  const { trigger, isMutating } = useSignUp();
  const { login } = useAuth();
  const navigate = useNavigate();
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await trigger({
        first_name: fields.first_name, last_name: fields.last_name, username: fields.email, password: fields.password,
        consent, verification_code: fields.code, selected_plan: plan,
      });
    } catch (failure) {
      setError(signUpErrorText(failure));
      setFields((f) => ({ ...f, code: '' }));
      verification.reset();
      return;
    }
    try {
      login(await obtainToken({ username: fields.email, password: fields.password }));
      navigate(peekReturnTarget() ?? '/home', { replace: true });
    } catch (failure) {
      setError(signUpErrorText(failure));
    }
  }

  return (
    <AuthLayout title="Get Started!">
      <form onSubmit={submit} className="form" aria-label="Sign up">
        <div className="field-row">
          <TextField label="First Name" name="first_name" autoComplete="given-name" required value={fields.first_name} onChange={set('first_name')} />
          <TextField label="Last Name" name="last_name" autoComplete="family-name" required value={fields.last_name} onChange={set('last_name')} />
        </div>
        <TextField label="My Email" type="email" name="email" autoComplete="email" required value={fields.email} onChange={set('email')} />
        <PasswordField label="My Password" name="password" autoComplete="new-password" required value={fields.password} onChange={set('password')} />
        <PasswordField label="Confirm Password" name="confirm" autoComplete="new-password" required value={fields.confirm} onChange={set('confirm')} />
        {fields.password !== '' && (
          <p role="status" className={fields.password === fields.confirm ? 'hint hint-ok' : 'hint hint-bad'}>
            {fields.password === fields.confirm ? 'Passwords match!' : 'Passwords do not match.'}
          </p>
        )}
        <VerificationCodeControls state={verification} email={fields.email} password={fields.password} confirm={fields.confirm} />
        <TextField label="Verification Code" name="verification_code" inputMode="numeric" autoComplete="one-time-code" required
          value={fields.code} onChange={set('code')} />
        <div className="checkbox-field">
          <input id="consent" type="checkbox" required checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          <label htmlFor="consent">
            I agree to the <a href={env.externalPages.terms} target="_blank" rel="noreferrer">Terms of Service</a>
          </label>
        </div>
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" className="button-primary" disabled={isMutating}>Sign me up!</button>
      </form>
      <p>
        Already have an account? <Link to="/auth/login">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
