/** The meeting name: editable by its host (saved on Enter or blur, never empty), plain text otherwise. */
import { useEffect, useState } from 'react';
import type { MeetingView } from '../../../../../functions/contracts/meetings.js';
import { GENERIC_ERROR } from '../../../api/error-messages.js';
import { updateMeeting } from '../../../api/meetings/update-meeting.js';
import { ErrorMessage } from '../../../components/message.js';

interface MeetingNameProps {
  meeting: MeetingView;
  editable: boolean;
  onSaved: (meeting: MeetingView) => void;
}

export function MeetingName({ meeting, editable, onSaved }: MeetingNameProps) {
  const [value, setValue] = useState(meeting.name);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => setValue(meeting.name), [meeting.name]);

  if (!editable) return <span className="meeting-name">{meeting.name}</span>;

  async function save() {
    const name = value.trim();
    if (name === '' || name === meeting.name) {
      setValue(meeting.name);
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      onSaved(await updateMeeting(meeting.id, { name }));
    } catch {
      setValue(meeting.name);
      setError(GENERIC_ERROR);
    } finally {
      setSaving(false);
    }
  }

  return (
    <span className="meeting-name">
      <input
        className="meeting-name-input"
        aria-label="Meeting name"
        title={value}
        value={value}
        disabled={saving}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') setValue(meeting.name);
        }}
      />
      <ErrorMessage>{error}</ErrorMessage>
    </span>
  );
}
