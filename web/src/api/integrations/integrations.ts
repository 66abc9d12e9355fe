/** The §7 integration calls of the meeting services. Each answer carries the service's §3 flags. */
import type {
  AuthorizationUrl, BasicOpsProjects, ServiceFlags, ServiceLetter as Letter, TodoistSettingsRequest, WebexSettingsRequest,
} from '@contracts/integrations.js';
import { apiRequest } from '../api-client.js';

export type { BasicOpsProjects, ServiceFlags };
const user = (id: string) => `/api/users/${encodeURIComponent(id)}`;

export const getAuthorizationUrl = (letter: Letter) =>
  apiRequest<AuthorizationUrl>(`/api/users/${letter}_authorization_url/`);

export const exchangeAuthorizationCode = (letter: Letter, userId: string, code: string, state: string) =>
  apiRequest<ServiceFlags>(`${user(userId)}/${letter}_user_access_token/?${new URLSearchParams({ authorization_code: code, state })}`);

export const storeServiceUser = (letter: Letter, userId: string) => apiRequest<ServiceFlags>(`${user(userId)}/${letter}_user/`, { method: 'PUT' });

/** Zoom: PUT z_authorization_last_completed/ (starts the 30-day backfill). */
export const authorizationCompleted = (userId: string) => apiRequest<ServiceFlags>(`${user(userId)}/z_authorization_last_completed/`, { method: 'PUT' });

export const reauthorizationRequested = (userId: string, letter: 'w' | 't' = 'w') =>
  apiRequest<ServiceFlags>(`${user(userId)}/${letter}_reauthorization_requested/`, { method: 'PUT' });

/** BasicOps: POST b_authorize_user/ {authorization_code} (and the returned state, which the server checks). */
export const authorizeBasicOps = (userId: string, code: string, state: string) =>
  apiRequest<ServiceFlags>(`${user(userId)}/b_authorize_user/`, { method: 'POST', json: { authorization_code: code, state } });

export const updateTodoistSettings = (userId: string, settings: TodoistSettingsRequest) =>
  apiRequest<ServiceFlags>(`${user(userId)}/t_user_settings/`, { method: 'PUT', json: settings });

/** Our own calls (docs/integrations.md): the BasicOps projects and the one notes go to. */
export const getBasicOpsProjects = (userId: string) => apiRequest<BasicOpsProjects>(`${user(userId)}/b_projects/`);
export const chooseBasicOpsProject = (userId: string, projectId: string) =>
  apiRequest<BasicOpsProjects>(`${user(userId)}/b_user_settings/`, { method: 'PUT', json: { project_id: projectId } });

export const updateWebexSettings = (userId: string, settings: WebexSettingsRequest) =>
  apiRequest<ServiceFlags>(`${user(userId)}/w_user_settings/`, { method: 'PUT', json: settings });

/** Removal (path chosen here; the spec leaves it open): PUT users/{id}/{letter}_remove_integration/. */
export const removeIntegration = (letter: Letter, userId: string) =>
  apiRequest<ServiceFlags>(`${user(userId)}/${letter}_remove_integration/`, { method: 'PUT' });
