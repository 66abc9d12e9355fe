/**
 * The routes the API serves, read from the API definition itself (issue 28): every context of `API_CONTEXTS`
 * (lib/definitions/api.ts, from which CDK builds API Gateway and the local gateway routes) is loaded as the gateway loads
 * it, and its handler lists what it serves (`handler.routes`, functions/api/http/router.ts). A route added to any context
 * is in this list, so the access matrix below fails until the route has a row.
 *
 * Needs a started local edition in this process (the handlers read its endpoints from the environment).
 */
import { API_CONTEXTS } from '../../../lib/definitions/api.js';
import type { ServedRoute } from '../../../functions/api/http/router.js';
import { loadHandler } from '../../../local/lambda/invoke.js';

export type { ServedRoute };

export const routeKey = (r: Pick<ServedRoute, 'method' | 'path'>) => `${r.method} ${r.path}`;

export async function servedRoutes(projectRoot: string): Promise<ServedRoute[]> {
  const all: ServedRoute[] = [];
  for (const context of API_CONTEXTS) {
    const handler = (await loadHandler(projectRoot, context.entry)) as unknown as { routes?: readonly ServedRoute[] };
    if (!Array.isArray(handler.routes)) throw new Error(`${context.entry}'s handler does not list its routes (createApiHandler sets handler.routes)`);
    all.push(...handler.routes);
  }
  return all;
}

/**
 * Who may succeed on a route, for the access matrix (spec §6 and each context's docs):
 * - `public`: anyone (sign-in, sign-up, plans, survey, ICE servers); an answer never carries another user's data.
 * - `own`: any signed-in user, on the caller's own data (lists, search, ask, profile, billing); a stranger's answer never
 *   carries the owner's meeting, transcript or addresses.
 * - `read`: the meeting's attendees (owner, reader); a stranger gets no 2xx.
 * - `host`: the meeting's host only (writes on the meeting, its notes and action items); reader and stranger get no 2xx.
 * - `self`: `users/{id}/…` of the owner, the owner only.
 * - `webhook`: the provider's signature authenticates; an unsigned call gets no 2xx from anyone.
 */
export type Access = 'public' | 'own' | 'read' | 'host' | 'self' | 'webhook';

export interface MatrixRow {
  readonly access: Access;
  /** A body that passes the route's validation, so a refusal is the access check's and not the schema's. */
  readonly body?: (ids: WorldIds) => unknown;
  /** Raw body and its content type (transcript import). */
  readonly raw?: { contentType: string; text: string };
  readonly query?: Record<string, string>;
  /** The call would change the world for later calls (deletes, revokes): it runs after the others, in this order. */
  readonly destructive?: number;
}

export interface WorldIds {
  meetingId: string;
  ownerId: string;
  notesId: string;
  actionItemId: string;
  readerEmail: string;
}

const VTT_SMALL = 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Someone>Matrix import.</v>\n';

/** One row per served route; `access-matrix.test.ts` fails when a served route has none, or a row names no route. */
export const MATRIX: Readonly<Record<string, MatrixRow>> = {
  'GET health/': { access: 'public' },
  // Accounts (auth-users context)
  'POST auth/token/obtain/': { access: 'public', body: () => ({ username: 'nobody@matrix.example.com', password: 'not-the-password-1' }) },
  'POST auth/token/refresh/': { access: 'public', body: () => ({ refresh: 'not-a-token' }) },
  'POST auth/token/revoke/': { access: 'public', destructive: 4, body: () => ({}) },
  'POST users/': { access: 'public', body: () => ({ first_name: 'M', last_name: 'X', username: 'new@matrix.example.com', password: 'matrix-pass-1', consent: true, verification_code: '000000' }) },
  'GET users/': { access: 'own' },
  'PUT users/{id}/': { access: 'self', body: () => ({ first_name: 'Changed' }) },
  'POST users/{id}/change_password/': { access: 'self', body: () => ({ old_password: 'wrong-old-1', new_password: 'matrix-new-pass-1', confirm_new_password: 'matrix-new-pass-1' }) },
  'PUT users/{id}/user_settings/': { access: 'self', body: () => ({ email_notes: false }) },
  'POST users/forgot_password/': { access: 'public', body: () => ({ email: 'nobody@matrix.example.com' }) },
  'POST users/reset_password/': { access: 'public', body: () => ({ key: 'not-a-key', new_password: 'matrix-new-pass-1', confirm_new_password: 'matrix-new-pass-1' }) },
  'POST users/start_email_verification/': { access: 'public', body: () => ({ email: 'verify@matrix.example.com' }) },
  // Billing (users context)
  'GET users/get_stripe_config/': { access: 'public' },
  'GET users/get_stripe_products/': { access: 'public' },
  'GET users/get_subscription/': { access: 'own' },
  'POST users/create_payment_intent/': { access: 'own', body: () => ({ selected_plan: 'nonexistent' }) },
  'POST users/subscribe_trial/': { access: 'own', body: () => ({ selected_plan: 'nonexistent' }) },
  'POST users/cancel_subscription/': { access: 'own', body: () => ({}) },
  'POST users/get_customer_portal/': { access: 'own', body: () => ({}) },
  // Integrations (users context)
  'GET users/z_authorization_url/': { access: 'own' },
  'GET users/{id}/z_user_access_token/': { access: 'self', query: { authorization_code: 'code', state: 'state' } },
  'PUT users/{id}/z_user/': { access: 'self' },
  'PUT users/{id}/z_remove_integration/': { access: 'self' },
  'PUT users/{id}/z_authorization_last_completed/': { access: 'self' },
  'GET users/w_authorization_url/': { access: 'own' },
  'GET users/{id}/w_user_access_token/': { access: 'self', query: { authorization_code: 'code', state: 'state' } },
  'PUT users/{id}/w_user/': { access: 'self' },
  'PUT users/{id}/w_remove_integration/': { access: 'self' },
  'PUT users/{id}/w_reauthorization_requested/': { access: 'self' },
  'PUT users/{id}/w_user_settings/': { access: 'self', body: () => ({ auto_share: true }) },
  'GET users/t_authorization_url/': { access: 'own' },
  'GET users/{id}/t_user_access_token/': { access: 'self', query: { authorization_code: 'code', state: 'state' } },
  'PUT users/{id}/t_user/': { access: 'self' },
  'PUT users/{id}/t_remove_integration/': { access: 'self' },
  'PUT users/{id}/t_reauthorization_requested/': { access: 'self' },
  'PUT users/{id}/t_user_settings/': { access: 'self', body: () => ({ auto_store_to_inbox: true }) },
  'GET users/b_authorization_url/': { access: 'own' },
  'POST users/{id}/b_authorize_user/': { access: 'self', body: () => ({ authorization_code: 'code' }) },
  'PUT users/{id}/b_remove_integration/': { access: 'self' },
  'GET users/{id}/b_projects/': { access: 'self' },
  'PUT users/{id}/b_user_settings/': { access: 'self', body: () => ({ project_id: '1' }) },
  // Meetings context
  'GET meetings/': { access: 'own' },
  'POST meetings/': { access: 'own', body: () => ({ name: 'A new meeting' }) },
  'POST meetings/attendees/': { access: 'host', body: (w) => ({ meeting_ids: [w.meetingId], attendees: [{ email: 'added@matrix.example.com' }], message_string: '' }) },
  'PUT meetings/delete_attendee/': { access: 'host', destructive: 2, body: (w) => ({ meeting_id: w.meetingId, attendee_email: w.readerEmail }) },
  'GET meetings/{id}/': { access: 'read' },
  'PUT meetings/{id}/': { access: 'host', body: () => ({ name: 'Renamed by the caller' }) },
  'DELETE meetings/{id}/': { access: 'host', destructive: 3 },
  'GET meetings/{id}/video/': { access: 'read' },
  'GET meetings/{id}/video_upload_url/': { access: 'host', query: { content_type: 'audio/mpeg', file_name: 'a.mp3' } },
  'GET meetings/{id}/index_meeting_request/': { access: 'host' },
  'GET meetings/{id}/ice_servers/': { access: 'public' },
  'GET meetings/{id}/transcript/': { access: 'read' },
  'GET meetings/{id}/speaker_names/': { access: 'read' },
  'GET meetings/{id}/speaker_name_suggestions/': { access: 'host' },
  'GET meetings/{id}/speaker_name_options/': { access: 'host' },
  'PUT meetings/{id}/dismiss_speaker_name_suggestion/': { access: 'host', body: () => ({ speaker: 'Speaker 1', name: 'Someone' }) },
  'PUT meetings/{id}/update_speaker_names/': { access: 'host', body: () => ({ speakerNames: { 'Speaker 1': 'Renamed' } }) },
  'PUT meetings/{id}/update_transcript_line/': { access: 'host', body: () => ({ line: 0, text: 'Changed by the caller.' }) },
  'POST meetings/{id}/transcript_import/': { access: 'host', raw: { contentType: 'text/vtt', text: VTT_SMALL }, query: { file_name: 'matrix.vtt' } },
  'GET meetings/{id}/sentiments_data/': { access: 'read' },
  'GET meetings/{id}/generated_notes/': { access: 'read' },
  'POST meetings/{id}/regenerate_notes/': { access: 'host' },
  'POST notes/{notesId}/store_action_items_in_t/': { access: 'host', body: () => ({ actionItemNumbers: [1] }) },
  'GET action_items/': { access: 'own' },
  'PATCH action_items/{id}/': { access: 'host', body: () => ({ content: 'Changed by the caller.' }) },
  'DELETE action_items/{id}/': { access: 'host', destructive: 1 },
  // Search context
  'POST search/': { access: 'own', body: (w) => ({ query: MARKER_WORD, meeting_id: w.meetingId }) },
  'POST search/search_content/': { access: 'own', body: () => ({ query: MARKER_WORD }) },
  'POST search/search_audio/': { access: 'own', body: () => ({ query: MARKER_WORD }) },
  'POST search/ask/': { access: 'own', body: () => ({ question: `What did they say about the ${MARKER_WORD}?` }) },
  // Surveys context
  'POST surveys/meeting/': { access: 'public', body: (w) => ({ email: 'survey@matrix.example.com', meeting_id: w.meetingId, rating: 5, maximum_rating: 10, note: '' }) },
  // Webhooks context: each provider's signature authenticates (none is sent here).
  'POST webhooks/stripe/': { access: 'webhook', body: () => ({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } }) },
  'POST webhooks/zoom/': { access: 'webhook', body: () => ({ event: 'recording.completed', payload: { account_id: 'a', object: { recording_files: [] } } }) },
  'POST webhooks/webex/': { access: 'webhook', body: () => ({ resource: 'recordings', event: 'created', data: { id: 'r' } }) },
  'POST webhooks/todoist/': { access: 'webhook', body: () => ({ event_name: 'item:completed', event_data: { id: '1' } }) },
};

/** A word only the owner's meeting says (its name and its transcript): a stranger's answer containing it is a leak. */
export const MARKER_WORD = 'quokkafluff';
