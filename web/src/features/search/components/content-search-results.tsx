/**
 * The Text, Voice and Ask results of the meetings list's search bar (spec §2; Ask: docs/search.md), with the
 * recording player a hit or citation opens at its timestamp. Keyed by type and query by the caller, so a new search starts on page 1.
 */
import { useState } from 'react';
import { AskResults } from './ask-results.js';
import { RecordingAt, type Moment } from './recording-at.js';
import { TextSearchResults } from './text-search-results.js';
import { VoiceSearchResults } from './voice-search-results.js';

export type ContentSearchType = 'Text' | 'Voice' | 'Ask';

export function ContentSearchResults({ type, query, meetingId }: { type: ContentSearchType; query: string; meetingId?: string }) {
  const [moment, setMoment] = useState<Moment>();
  return (
    <>
      {type === 'Text' && <TextSearchResults query={query} meetingId={meetingId} onOpen={setMoment} />}
      {type === 'Voice' && <VoiceSearchResults query={query} meetingId={meetingId} onOpen={setMoment} />}
      {type === 'Ask' && <AskResults question={query} meetingId={meetingId} onOpen={setMoment} />}
      {moment && <RecordingAt moment={moment} onClose={() => setMoment(undefined)} />}
    </>
  );
}
