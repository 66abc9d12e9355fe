import { getNotes, getSentiments, notesView, type ReadInsightsDependencies } from '../../core/insights/read-insights.js';
import { regenerateNotes, type RegenerateNotesPorts } from '../../core/notes/regenerate.js';
import { route, type Route } from '../http/router.js';

/**
 * GET meetings/{id}/sentiments_data/ and GET meetings/{id}/generated_notes/ (spec §7), for anyone who sees the meeting;
 * POST meetings/{id}/regenerate_notes/ (host only) drafts the notes again with the current speaker names.
 */
export function insightsRoutes(d: ReadInsightsDependencies, regenerate?: RegenerateNotesPorts): Route<any>[] {
  return [
    route({ method: 'GET', path: 'meetings/{id}/sentiments_data/', auth: 'user',
      handle: ({ principal, params }) => getSentiments(d, principal, params.id) }),
    route({ method: 'GET', path: 'meetings/{id}/generated_notes/', auth: 'user',
      handle: ({ principal, params }) => getNotes(d, principal, params.id) }),
    ...(regenerate ? [route({ method: 'POST', path: 'meetings/{id}/regenerate_notes/', auth: 'user',
      handle: async ({ principal, params }) => notesView(await regenerateNotes(regenerate, principal, params.id), d.pictures) })] : []),
  ];
}
