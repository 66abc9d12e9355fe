/**
 * The speaker names form, loaded on demand: only a host who opens it fetches its code (the form, its rules, the name
 * options and the rename hook), which keeps it out of the first load's 150 KB budget; the transcript modal is in it.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const SpeakerNamesForm = lazy(() => import('./speaker-names-form.js').then((m) => ({ default: m.SpeakerNamesForm })));

export function SpeakerNamesFormOnDemand(props: ComponentProps<typeof SpeakerNamesForm>) {
  return <Suspense fallback={<p>Loading...</p>}><SpeakerNamesForm {...props} /></Suspense>;
}
