/**
 * The search bar (spec §2): a query and its filter type: meeting Name, on-screen Text, Voice (spoken
 * words), or Ask (a question answered from the meetings, docs/search.md). Changing the type reruns the search on page 1.
 */
import { useId, useState, type FormEvent } from 'react';
import { ASK_QUESTION_MAX } from '@contracts/ask.js';

const SEARCH_TYPES = ['Name', 'Text', 'Voice', 'Ask'] as const;
const PLACEHOLDERS: Record<SearchType, string> = {
  Name: 'Search meetings by name',
  Text: 'Search text shown on screen',
  Voice: 'Search spoken words',
  Ask: 'Ask a question of your meetings',
};
export type SearchType = (typeof SEARCH_TYPES)[number];

interface SearchBarProps {
  type: SearchType;
  query: string;
  onSearch: (type: SearchType, query: string) => void;
}

export function SearchBar({ type, query, onSearch }: SearchBarProps) {
  const [text, setText] = useState(query);
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(type, text.trim());
  }

  return (
    <form className="search-bar" role="search" onSubmit={submit}>
      <div className="segmented" role="radiogroup" aria-label="Search by">
        {SEARCH_TYPES.map((name) => (
          <button key={name} type="button" role="radio" aria-checked={type === name} onClick={() => onSearch(name, text.trim())}>
            {name}
          </button>
        ))}
      </div>
      <label htmlFor={inputId} className="visually-hidden">Search meetings</label>
      <input id={inputId} type="search" placeholder={PLACEHOLDERS[type]} value={text} maxLength={type === 'Ask' ? ASK_QUESTION_MAX : 200}
        onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="button-primary button-small">Search</button>
      {query && (
        <button type="button" className="link-button" onClick={() => { setText(''); onSearch(type, ''); }}>Clear</button>
      )}
    </form>
  );
}
