/**
 * The suggested speaker names, loaded on demand: only a host opening a transcript or the notes fetches the code, which
 * keeps it out of the first load's 150 KB budget (readers never load it).
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const SpeakerNameSuggestions = lazy(() => import('./speaker-name-suggestions.js').then((m) => ({ default: m.SpeakerNameSuggestions })));

export function SpeakerNameSuggestionsOnDemand(props: ComponentProps<typeof SpeakerNameSuggestions>) {
  if (!props.enabled) return null;
  return <Suspense fallback={null}><SpeakerNameSuggestions {...props} /></Suspense>;
}
