/**
 * "Search in this meeting" from a meeting's options (spec §6, host and reader): its spoken words or the text on its
 * slides, the hits of that meeting only, each opening the recording at its moment (docs/search.md).
 */
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal.js';
import { ContentSearchResults } from './content-search-results.js';

const KINDS = [['Voice', 'Speech'], ['Text', 'Slide text']] as const;
type Kind = (typeof KINDS)[number][0];

export function MeetingSearchDialog({ meetingId, meetingName, onClose }: { meetingId: string; meetingName: string; onClose: () => void }) {
  const [kind, setKind] = useState<Kind>('Voice');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(text.trim());
  }

  return (
    <Modal title={`Search in ${meetingName}`} onClose={onClose} className="meeting-search-modal">
      <form className="search-bar" role="search" aria-label={`Search in ${meetingName}`} onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">Search this meeting</label>
        <input id={inputId} type="search" placeholder={kind === 'Voice' ? 'Search what was said' : 'Search text shown on screen'}
          value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
        <div className="segmented" role="radiogroup" aria-label="Search in">
          {KINDS.map(([value, label]) => (
            <button key={value} type="button" role="radio" aria-checked={kind === value} onClick={() => setKind(value)}>{label}</button>
          ))}
        </div>
        <button type="submit" className="button-primary button-small">Search</button>
      </form>
      {query && <ContentSearchResults key={`${kind}:${query}`} type={kind} query={query} meetingId={meetingId} />}
    </Modal>
  );
}
