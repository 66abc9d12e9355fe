/**
 * The share modal (spec §2, §5): address chips, an optional message, the people with access (one
 * meeting), an inert General Access toggle, Copy Share Link, and Send (2 s later the app goes to /).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SHARE_MESSAGE_MAX, type MeetingView } from '@contracts/meetings.js';
import { errorData, errorStatus, firstMessage } from '../../../api/error-messages.js';
import { shareMeetings } from '../../../api/meetings/share-meetings.js';
import { CountedTextArea } from '../../../components/counted-text-area.js';
import { ErrorMessage, SuccessMessage } from '../../../components/message.js';
import { Modal } from '../../../components/modal.js';
import { addChips, messageLimitNotice, messageProblem, recipientsProblem, SHARE_MESSAGES } from '../share-rules.js';
import { AccessList } from './access-list.js';
import { CopyLinkButton } from './copy-link-button.js';
import { GeneralAccess } from './general-access.js';
import { RecipientsInput } from './recipients-input.js';

export const SHARE_DONE_DELAY_MS = 2000;

interface ShareDialogProps {
  meetings: MeetingView[];
  onClose: () => void;
  /** Called after a change to who has access (send or removal), so the list can refresh. */
  onChanged?: () => void;
}

export function ShareDialog({ meetings, onClose, onChanged }: ShareDialogProps) {
  const [emails, setEmails] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [recipientsError, setRecipientsError] = useState<string>();
  const [sendError, setSendError] = useState<string>();
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const messageError = messageProblem(message);
  const messageNotice = messageError ? undefined : messageLimitNotice(message);
  const single = meetings.length === 1 ? meetings[0] : undefined;

  useEffect(() => () => clearTimeout(timer.current), []);

  function confirmText(value: string) {
    const result = addChips(emails, value);
    setEmails(result.emails);
    setText(result.rest);
    setRecipientsError(result.error);
  }

  async function send() {
    const problem = recipientsProblem(emails, text);
    setRecipientsError(problem);
    setSendError(undefined);
    if (problem || messageError || status !== 'idle') return;
    setStatus('sending');
    try {
      await shareMeetings(meetings.map((m) => m.id), emails, message);
      setStatus('sent');
      onChanged?.();
      timer.current = setTimeout(() => navigate('/'), SHARE_DONE_DELAY_MS);
    } catch (error) {
      setStatus('idle');
      // A 503 says what happened (e.g. shared, but an invitation e-mail failed); anything else gets the §8 text.
      setSendError((errorStatus(error) === 503 && firstMessage(errorData(error))) || SHARE_MESSAGES.failed);
    }
  }

  const title = single ? `Share "${single.name}"` : `Share ${meetings.length} meetings`;
  return (
    <Modal title={title} onClose={onClose} className="share-modal">
      <div className="form">
        <RecipientsInput emails={emails} text={text} onTextChange={setText} onEmailsChange={setEmails} onConfirm={confirmText} />
        <ErrorMessage>{recipientsError}</ErrorMessage>
        <CountedTextArea label="Message (optional)" value={message} max={SHARE_MESSAGE_MAX} onChange={setMessage} />
        <ErrorMessage>{messageError}</ErrorMessage>
        {messageNotice && <p className="hint" role="status">{messageNotice}</p>}
        {single && <AccessList meeting={single} onChanged={onChanged} />}
        <GeneralAccess />
        <ErrorMessage>{sendError}</ErrorMessage>
        {status === 'sent' && <SuccessMessage>Shared. Taking you home…</SuccessMessage>}
        <div className="modal-actions">
          {single && <CopyLinkButton meetingId={single.id} />}
          <button type="button" className="button-primary" disabled={Boolean(messageError) || status !== 'idle'} onClick={() => void send()}>
            {status === 'sending' ? 'Sending…' : 'Send'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
