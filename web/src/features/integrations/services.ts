/**
 * The connected services as the SPA shows them (spec §2 side panel, §4 return flow, §8 texts). The task and
 * notes services (#16) add their entries here; everything else reads this list.
 */
import type { User } from '@contracts/auth-users.js';

export interface IntegrationService {
  readonly id: 'zoom' | 'webex' | 'todoist' | 'basicops';
  readonly title: string;
  /** Letter of the §7 paths: users/{letter}_authorization_url/ … */
  readonly letter: 'z' | 'w' | 't' | 'b';
  /** The fixed marker the returned `state` must start with (the server issues `{marker}.{signed nonce}`). */
  readonly marker: string;
  readonly integrated: (user: User) => boolean;
  readonly tokenExists: (user: User) => boolean;
  /** The connected account's e-mail, when the service named one. */
  readonly account: (user: User) => string | null | undefined;
  /** Explanatory text of the integration modal. */
  readonly explanation: string;
  /** What stops until the user authorizes again (§8 Reauthorization Required). */
  readonly stalled: string;
}

export const INTEGRATION_SERVICES: readonly IntegrationService[] = [
  {
    id: 'zoom', title: 'Zoom', letter: 'z', marker: 'meetscribe-zoom',
    integrated: (u) => u.zoom_integrated, tokenExists: (u) => u.zoom_refresh_token_exists, account: (u) => u.zoom_account,
    explanation: 'Connect your Zoom account and MeetScribe imports your Zoom cloud recordings by itself: each recording becomes a meeting with its ' +
      'transcript, notes and sentiment. Recordings of the last 30 days are imported right away. You will be sent to Zoom to allow access.',
    stalled: 'your Zoom recordings are not imported or processed',
  },
  {
    id: 'webex', title: 'Webex', letter: 'w', marker: 'meetscribe-webex',
    integrated: (u) => u.webex_integrated, tokenExists: (u) => u.webex_refresh_token_exists, account: (u) => u.webex_account,
    explanation: 'Connect your Webex account and MeetScribe imports your new Webex recordings by themselves: each recording becomes a meeting with its ' +
      'transcript, notes and sentiment. You will be sent to Webex to allow access.',
    stalled: 'your Webex recordings are not imported or processed',
  },
  {
    id: 'todoist', title: 'Todoist', letter: 't', marker: 'meetscribe-todoist',
    integrated: (u) => u.todoist_integrated, tokenExists: (u) => u.todoist_access_token_exists, account: (u) => u.todoist_account,
    explanation: 'Connect your Todoist account to add the action items of your meetings to your Todoist inbox: pick them in the notes, or turn on automatic ' +
      'storing in Settings › Integrations. You will be sent to Todoist to allow access.',
    stalled: 'your action items are not stored in Todoist',
  },
  {
    id: 'basicops', title: 'BasicOps', letter: 'b', marker: 'meetscribe-basicops',
    integrated: (u) => u.basicops_integrated, tokenExists: (u) => u.basicops_refresh_token_exists, account: (u) => u.basicops_account,
    explanation: 'Connect your BasicOps account and MeetScribe stores the notes of each meeting (overview, summary, decisions and action items) as a note ' +
      'in your BasicOps project when they are ready. You will be sent to BasicOps to allow access.',
    stalled: 'your meeting notes are not stored in BasicOps',
  },
];

/** §2: the Integrate button shows while the service is not integrated or its token is missing. */
export const needsIntegrateButton = (service: IntegrationService, user: User) => !service.integrated(user) || !service.tokenExists(user);

/** §8 texts. */
export const INTEGRATION_TEXTS = {
  complete: (s: IntegrationService) => `${s.title} Integration Complete!`,
  completeBody: (s: IntegrationService) => ({
    todoist: 'Your Todoist account is connected. Add action items from a meeting\'s notes, or turn on automatic storing in Settings › Integrations.',
    basicops: 'Your BasicOps account is connected. The notes of your meetings will be stored in BasicOps when they are ready.',
  } as Partial<Record<IntegrationService['id'], string>>)[s.id] ??
    `Your ${s.title} account is connected. New ${s.title} cloud recordings will appear in My Meetings by themselves.`,
  authorizationError: (s: IntegrationService) => `${s.title} Authorization Error`,
  processingError: (s: IntegrationService) => `${s.title} Authorization Processing Error`,
  reauthorization: (s: IntegrationService) => `${s.title} Reauthorization Required`,
  // §8: the task service's wording says 'integrate your Todoist account'.
  errorBody: (s: IntegrationService) => (s.id === 'todoist'
    ? 'There was an error while attempting to integrate your Todoist account. Please contact support.'
    : `There was an error while attempting to sync with your ${s.title} account. Please contact support.`),
  reauthorizationBody: (s: IntegrationService) => `Please click Integrate ${s.title} again on the left panel. Until then, ${s.stalled}.`,
  removeFailed: (s: IntegrationService) => `Your ${s.title} integration could not be removed. Please try again or contact support.`,
  settingsFailed: (s: IntegrationService) => `Your ${s.title} settings could not be saved. Please try again or contact support.`,
  redirectFailed: (s: IntegrationService) => `The ${s.title} authorization could not be started. Please try again or contact support.`,
} as const;

/** §9: the Integrate button waits this long before sending the browser to the service. */
export const REDIRECT_DELAY_MS = 2000;

/** Settings › Integrations: 'Connected as name@example.com' (or 'Connected' when the service named no account), else why not. */
export function connectionState(service: IntegrationService, user: User): string {
  if (!service.integrated(user)) return 'Not connected';
  if (!service.tokenExists(user)) return 'Reauthorization required';
  const account = service.account(user);
  return account ? `Connected as ${account}` : 'Connected';
}
