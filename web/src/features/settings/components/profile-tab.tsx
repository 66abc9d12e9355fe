/** Settings › Profile: first name, last name and company editable; e-mail read-only (spec §5 Profile). */
import { useState, type FormEvent } from 'react';
import type { User } from '@contracts/auth-users.js';
import { useUpdateProfile } from '../../../api/users/update-profile.js';
import { errorData, errorStatus, firstMessage, GENERIC_ERROR, SETTINGS_UNAVAILABLE } from '../../../api/error-messages.js';
import { ErrorMessage, SuccessMessage } from '../../../components/message.js';
import { TextField } from '../../../components/text-field.js';

export function ProfileTab({ user }: { user: User }) {
  const [values, setValues] = useState({ first_name: user.first_name, last_name: user.last_name, company: user.company ?? '' });
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const { trigger, isMutating } = useUpdateProfile(user.id);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => {
    setSaved(false);
    setValues((v) => ({ ...v, [name]: e.target.value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await trigger(values);
      setSaved(true);
    } catch (failure) {
      setError(errorStatus(failure) === 503 ? SETTINGS_UNAVAILABLE : firstMessage(errorData(failure)) ?? GENERIC_ERROR);
    }
  }

  return (
    <form onSubmit={submit} className="form" aria-label="Profile">
      <TextField label="First Name" name="first_name" required value={values.first_name} onChange={set('first_name')} />
      <TextField label="Last Name" name="last_name" required value={values.last_name} onChange={set('last_name')} />
      <TextField label="Company" name="company" value={values.company} onChange={set('company')} />
      <TextField label="Email" name="email" type="email" readOnly value={user.email} />
      <ErrorMessage>{error}</ErrorMessage>
      <SuccessMessage>{saved ? 'Your profile has been saved.' : undefined}</SuccessMessage>
      <button type="submit" className="button-primary" disabled={isMutating}>Save</button>
    </form>
  );
}
