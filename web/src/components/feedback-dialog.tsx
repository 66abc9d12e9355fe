/**
 * The feedback survey (spec §2, §5): a rating 1-10 ('Very Poor' to 'Excellent') and a note of up to 400
 * characters. Submit without a rating asks for one; 2 s after success the app goes to /.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SURVEY_MAXIMUM_RATING, SURVEY_NOTE_MAX } from '@contracts/meetings.js';
import { GENERIC_ERROR } from '../api/error-messages.js';
import { submitSurvey } from '../api/surveys/submit-survey.js';
import { CountedTextArea } from './counted-text-area.js';
import { ErrorMessage, SuccessMessage } from './message.js';
import { Modal } from './modal.js';

const FEEDBACK_DONE_DELAY_MS = 2000;
const RATING_REQUIRED = `Please choose a rating from 1 to ${SURVEY_MAXIMUM_RATING} before submitting.`;
const RATINGS = Array.from({ length: SURVEY_MAXIMUM_RATING }, (_, i) => i + 1);

interface FeedbackDialogProps {
  email: string;
  /** The meeting the feedback is about; null for general feedback from the side panel. */
  meetingId: string | null;
  onClose: () => void;
}

export function FeedbackDialog({ email, meetingId, onClose }: FeedbackDialogProps) {
  const [rating, setRating] = useState<number>();
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string>();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const ids = { scale: useId() };
  useEffect(() => () => clearTimeout(timer.current), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status !== 'idle') return;
    if (rating === undefined) {
      setError(RATING_REQUIRED);
      return;
    }
    setStatus('sending');
    setError(undefined);
    try {
      await submitSurvey({ email, meetingId, rating, note });
      setStatus('sent');
      timer.current = setTimeout(() => navigate('/'), FEEDBACK_DONE_DELAY_MS);
    } catch {
      setStatus('idle');
      setError(GENERIC_ERROR);
    }
  }

  return (
    <Modal title="Submit Feedback" onClose={onClose} className="feedback-modal">
      <form className="form" onSubmit={(e) => void submit(e)}>
        <p id={ids.scale}>How would you rate your experience?</p>
        <div className="rating-scale" role="group" aria-labelledby={ids.scale}>
          {RATINGS.map((value) => (
            <button key={value} type="button" className="rating-button" aria-pressed={rating === value} onClick={() => { setRating(value);
              if (error === RATING_REQUIRED) setError(undefined); }}>
              {value}
            </button>
          ))}
        </div>
        <div className="rating-labels">
          <span>Very Poor</span>
          <span>Excellent</span>
        </div>
        <CountedTextArea label="Note (optional)" value={note} max={SURVEY_NOTE_MAX} onChange={setNote} />
        <ErrorMessage>{error}</ErrorMessage>
        {status === 'sent' && <SuccessMessage>Thank you for your feedback!</SuccessMessage>}
        <div className="modal-actions">
          <button type="submit" className="button-primary" disabled={status !== 'idle'}>
            {status === 'sending' ? 'Submitting…' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
