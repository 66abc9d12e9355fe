/** The §7 integration calls of the meeting services. Each answer carries the service's §3 flags. */
import type { User } from '../../../../functions/contracts/auth-users.js';
import { apiRequest } from '../api-client.js';

type Letter = 'z' | 'w';
export type ServiceFlags = Partial<User>;
const user = (id: string) => `/api/users/${encodeURIComponent(id)}`;

export const getAuthorizationUrl = (letter: Letter) =>
  apiRequest<{ authorization_url: string }>(`/api/users/${letter}_authorization_url/`);

export const exchangeAuthorizationCode = (letter: Letter, userId: string, code: string, state: string) =>
  apiRequest<ServiceFlags>(`${user(userId)}/${letter}_user_access_token/?${new URLSearchParams({ authorization_code: code, state })}`);

export const storeServiceUser = (letter: Letter, userId: string) => apiRequest<ServiceFlags>(`${user(userId)}/${letter}_user/`, { method: 'PUT' });

/** Zoom: PUT z_authorization_last_completed/ (starts the 30-day backfill). */
export const authorizationCompleted = (userId: string) => apiRequest<ServiceFlags>(`${user(userId)}/z_authorization_last_completed/`, { method: 'PUT' });

export const reauthorizationRequested = (userId: string) => apiRequest<ServiceFlags>(`${user(userId)}/w_reauthorization_requested/`, { method: 'PUT' });

export const updateWebexSettings = (userId: string, settings: { auto_share?: boolean; auto_record?: boolean }) =>
  apiRequest<ServiceFlags>(`${user(userId)}/w_user_settings/`, { method: 'PUT', json: settings });

/** Removal (path chosen here; the spec leaves it open): PUT users/{id}/{letter}_remove_integration/. */
export const removeIntegration = (letter: Letter, userId: string) =>
  apiRequest<ServiceFlags>(`${user(userId)}/${letter}_remove_integration/`, { method: 'PUT' });
