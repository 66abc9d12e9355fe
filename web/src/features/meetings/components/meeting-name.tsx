/**
 * The meeting name: editable by its host (saved on Enter or blur), plain text otherwise. An empty name or one
 * over MEETING_NAME_MAX characters is refused with the server's message; what was typed stays in the field to be
 * mended (Escape brings the saved name back), as does a name the server could not save.
 * A name too long for its column is clipped with an ellipsis; the whole name is in the tooltip.
 */
import { useEffect, useState } from 'react';
import { MEETING_MESSAGES, MEETING_NAME_MAX, type MeetingView } from '@contracts/meetings.js';
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

  if (!editable) return <span className="meeting-name meeting-name-text" title={meeting.name}>{meeting.name}</span>;

  async function save() {
    const name = value.trim();
    if (name === '' || name.length > MEETING_NAME_MAX) {
      setError(name === '' ? MEETING_MESSAGES.nameEmpty : `${MEETING_MESSAGES.nameTooLong} (${name.length} were typed.)`);
      return;
    }
    setError(undefined);
    if (name === meeting.name) {
      setValue(meeting.name);
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      onSaved(await updateMeeting(meeting.id, { name }));
    } catch {
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
        aria-invalid={error ? true : undefined}
        title={value}
        value={value}
        disabled={saving}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') { setValue(meeting.name); setError(undefined); }
        }}
      />
      <ErrorMessage>{error}</ErrorMessage>
    </span>
  );
}
