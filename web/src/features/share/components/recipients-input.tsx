/**
 * The 'Add people by email' field of the share modal (spec §2): confirmed addresses as removable chips, the typed
 * text confirmed by Enter, space or comma (CHIP_KEYS) or by pasting a list; Backspace in an empty field removes the last chip.
 */
import { useId, type KeyboardEvent } from 'react';
import { CHIP_KEYS } from '../share-rules.js';

interface RecipientsInputProps {
  emails: string[];
  text: string;
  onTextChange: (text: string) => void;
  onEmailsChange: (emails: string[]) => void;
  /** Turns `value` into chips (share-rules addChips) and reports what is left and any error. */
  onConfirm: (value: string) => void;
}

export function RecipientsInput({ emails, text, onTextChange, onEmailsChange, onConfirm }: RecipientsInputProps) {
  const inputId = useId();

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (CHIP_KEYS.includes(event.key)) {
      event.preventDefault();
      if (text.trim() !== '') onConfirm(text);
    } else if (event.key === 'Backspace' && text === '' && emails.length > 0) {
      onEmailsChange(emails.slice(0, -1));
    }
  }

  return (
    <div className="field">
      <label htmlFor={inputId}>Add people by email</label>
      <div className="chip-input">
        <ul className="chips" aria-label="Recipients">
          {emails.map((email) => (
            <li key={email} className="chip">
              {email}
              <button type="button" className="chip-remove" aria-label={`Remove ${email}`} onClick={() => onEmailsChange(emails.filter((e) =>
                e !== email))}>×</button>
            </li>
          ))}
        </ul>
        <input
          id={inputId}
          type="text"
          inputMode="email"
          autoComplete="off"
          value={text}
          placeholder="name@example.com"
          onChange={(e) => onTextChange(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={(e) => {
            const pasted = e.clipboardData.getData('text');
            if (/[\s,]/.test(pasted.trim())) {
              e.preventDefault();
              onConfirm(`${text}${pasted}`);
            }
          }}
        />
      </div>
      <p className="hint">Press Enter, space or comma after each address.</p>
    </div>
  );
}
