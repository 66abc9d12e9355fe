/**
 * Ask inside a meeting's view (docs/search.md, "Ask"): a question asked of this meeting only (`meeting_id`), answered
 * with the passages it comes from; each citation plays the recording from its moment or shows the transcript there.
 */
import { useId, useState, type FormEvent } from 'react';
import { ASK_QUESTION_MAX } from '@contracts/ask.js';
import { AskResults } from './ask-results.js';

interface MeetingAskProps {
  meetingId: string;
  /** Plays this meeting's recording from `seconds`; undefined when it has none. */
  onPlay?: (seconds: number) => void;
  onShowLine: (line: number) => void;
}

export function MeetingAsk({ meetingId, onPlay, onShowLine }: MeetingAskProps) {
  const [text, setText] = useState('');
  const [question, setQuestion] = useState('');
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setQuestion(text.trim());
  }

  return (
    <div className="meeting-ask transcript-tools">
      <form className="meeting-ask-form" role="search" aria-label="Ask this meeting" onSubmit={submit}>
        <label htmlFor={inputId}>Ask about this meeting</label>
        <div className="meeting-ask-row">
          <input id={inputId} type="search" value={text} maxLength={ASK_QUESTION_MAX} placeholder="e.g. What did we decide about the price?"
            onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="button-primary button-small">Ask</button>
          {question && <button type="button" className="link-button" onClick={() => { setText(''); setQuestion(''); }}>Clear</button>}
        </div>
      </form>
      {question && (
        <AskResults key={question} question={question} meetingId={meetingId}
          onOpen={onPlay ? (moment) => onPlay(moment.timestamp) : undefined} onShowLine={onShowLine} />
      )}
    </div>
  );
}
