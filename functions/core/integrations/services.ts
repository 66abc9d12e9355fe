/**
 * The connected services of spec §1/§3 and what is fixed about each: the state marker the SPA checks on
 * return (§4), the user flags of §3, the OAuth scopes. The task and notes services (#16) add entries here.
 */
import type { IntegrationFlag } from '../accounts/ports.js';

export type ServiceId = 'zoom' | 'webex' | 'todoist' | 'basicops';

export interface ServiceDescription {
  readonly id: ServiceId;
  /** Display name used in the §8 texts. */
  readonly title: string;
  /** Fixed prefix of the OAuth `state` (the SPA compares it before exchanging a code). */
  readonly stateMarker: string;
  readonly integratedFlag: IntegrationFlag;
  readonly tokenFlag: IntegrationFlag;
  readonly scopes: readonly string[];
}

export const SERVICES: Readonly<Record<ServiceId, ServiceDescription>> = {
  zoom: {
    id: 'zoom', title: 'Zoom', stateMarker: 'meetscribe-zoom',
    integratedFlag: 'zoom_integrated', tokenFlag: 'zoom_refresh_token_exists',
    scopes: ['cloud_recording:read:list_user_recordings', 'cloud_recording:read:list_recording_files', 'user:read:user'],
  },
  webex: {
    id: 'webex', title: 'Webex', stateMarker: 'meetscribe-webex',
    integratedFlag: 'webex_integrated', tokenFlag: 'webex_refresh_token_exists',
    scopes: ['spark:kms', 'meeting:recordings_read', 'meeting:preferences_read', 'meeting:preferences_write', 'meeting:participants_read',
      'meeting:transcripts_read'],
  },
  todoist: {
    id: 'todoist', title: 'Todoist', stateMarker: 'meetscribe-todoist',
    integratedFlag: 'todoist_integrated', tokenFlag: 'todoist_access_token_exists',
    // data:read_write covers reading the inbox (to count its open tasks) and adding tasks.
    scopes: ['data:read_write'],
  },
  basicops: {
    id: 'basicops', title: 'BasicOps', stateMarker: 'meetscribe-basicops',
    integratedFlag: 'basicops_integrated', tokenFlag: 'basicops_refresh_token_exists',
    scopes: ['read', 'write'],
  },
};

/** Letter of the service in the §7 paths (users/z_authorization_url/, users/{id}/w_user/ ...). */
export const PATH_LETTER: Readonly<Record<ServiceId, string>> = { zoom: 'z', webex: 'w', todoist: 't', basicops: 'b' };
