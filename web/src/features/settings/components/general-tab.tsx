/** Settings › General: the e-mail notes toggle, which flips only after the server accepts (spec §2 Settings). */
import { useState } from 'react';
import type { User } from '@contracts/auth-users.js';
import { useUpdateUserSettings } from '../../../api/users/update-user-settings.js';
import { ErrorMessage } from '../../../components/message.js';

const SETTINGS_SAVE_FAILED = 'Your settings could not be saved. Please try again.';

export function GeneralTab({ user }: { user: User }) {
  const { trigger, isMutating } = useUpdateUserSettings(user.id);
  const [error, setError] = useState<string>();
  const enabled = user.user_settings?.email_notes ?? false;

  async function toggle() {
    if (isMutating) return;
    setError(undefined);
    try {
      await trigger({ email_notes: !enabled });
    } catch {
      setError(SETTINGS_SAVE_FAILED);
    }
  }

  return (
    <div className="form">
      <div className="switch-field">
        <label htmlFor="email-notes">E-mail me the notes of my meetings</label>
        <button
          id="email-notes"
          type="button"
          role="switch"
          aria-checked={enabled}
          className="switch"
          aria-busy={isMutating}
          onClick={() => void toggle()}
        >
          <span className="switch-thumb" aria-hidden="true" />
          <span className="visually-hidden">{enabled ? 'On' : 'Off'}</span>
        </button>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
    </div>
  );
}
