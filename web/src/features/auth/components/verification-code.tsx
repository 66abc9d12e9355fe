/**
 * The 'Send Email Verification Code' part of sign-up (spec §4): after a send the button gives way to
 * 'Verification code sent' and a 'send another code' link; the too-many-attempts message hides both.
 */
import { useCallback, useState } from 'react';
import { MESSAGES } from '@contracts/auth-users.js';
import { useStartEmailVerification } from '../../../api/users/start-email-verification.js';
import { errorStatus } from '../../../api/error-messages.js';
import { ErrorMessage, SuccessMessage } from '../../../components/message.js';
import { signUpErrorText } from '../sign-up-errors.js';

export const MISSING_EMAIL = 'Please fill out the My Email field before sending a verification code.';
const SEND_PASSWORDS_DIFFER = 'Your passwords do not match.';

type Phase = 'idle' | 'sent' | 'tooMany';

/** State of the code sending; `reset` brings the send button back. */
export function useVerificationCode() {
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string>();
  const mutation = useStartEmailVerification();
  const reset = useCallback(() => {
    setPhase('idle');
    setError(undefined);
  }, []);

  async function send(email: string, password: string, confirm: string) {
    setError(undefined);
    if (email.trim() === '') return setError(MISSING_EMAIL);
    if (password !== confirm) return setError(SEND_PASSWORDS_DIFFER);
    try {
      await mutation.trigger({ email });
      setPhase('sent');
    } catch (failure) {
      if (errorStatus(failure) === 429) {
        setPhase('tooMany');
        setError(MESSAGES.tooManyCodes);
      } else {
        setError(signUpErrorText(failure));
      }
    }
  }
  return { phase, error, sending: mutation.isMutating, send, reset };
}

interface ControlsProps {
  state: ReturnType<typeof useVerificationCode>;
  email: string;
  password: string;
  confirm: string;
}

export function VerificationCodeControls({ state, email, password, confirm }: ControlsProps) {
  const send = () => void state.send(email, password, confirm);
  return (
    <div className="verification">
      {state.phase === 'idle' && (
        <button type="button" className="button-secondary" onClick={send} disabled={state.sending}>
          Send Email Verification Code
        </button>
      )}
      {state.phase === 'sent' && (
        <SuccessMessage>
          Verification code sent{' '}
          <button type="button" className="link-button" onClick={send} disabled={state.sending}>send another code</button>
        </SuccessMessage>
      )}
      <ErrorMessage>{state.error}</ErrorMessage>
    </div>
  );
}
