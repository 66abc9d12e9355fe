/**
 * The integration calls of spec §7 for the meeting services (users/{z|w}_…), served by the users context
 * because they live under /api/users/. The context is built on first use, so the accounts calls never depend
 * on integration settings. Removal (the spec leaves its path open): PUT users/{id}/{z|w|t}_remove_integration/
 * (BasicOps: the spec's b_remove_integration/). Our own additions (docs/integrations.md): BasicOps projects
 * GET users/{id}/b_projects/ and PUT users/{id}/b_user_settings/ {project_id}.
 */
import {
  basicOpsCodeRequest, basicOpsSettingsRequest, todoistSettingsRequest, webexSettingsRequest,
} from '../../contracts/integrations.js';
import type { connectContext } from '../../wiring/integrations.js';
import {
  authorizationCompleted, authorizationUrl, exchangeCode, reauthorizationRequested, removeIntegration, storeProviderUser, updateServiceSettings,
} from '../../core/integrations/connect.js';
import { basicOpsProjects, chooseBasicOpsProject } from '../../core/integrations/basicops-projects.js';
import { PATH_LETTER, type ServiceId } from '../../core/integrations/services.js';
import { route } from '../http/router.js';

export function integrationRoutes(context: () => Pick<ReturnType<typeof connectContext>, 'connect' | 'notesSinkFor'>) {
  const deps = () => context().connect;
  const forService = (service: ServiceId) => {
    const p = PATH_LETTER[service];
    return [
      route({ method: 'GET', path: `users/${p}_authorization_url/`, auth: 'user',
        handle: ({ principal }) => authorizationUrl(deps(), principal, service) }),
      route({ method: 'GET', path: `users/{id}/${p}_user_access_token/`, auth: 'user',
        handle: ({ principal, params, query }) => exchangeCode(deps(), principal, params.id, service, query.authorization_code, query.state) }),
      route({ method: 'PUT', path: `users/{id}/${p}_user/`, auth: 'user',
        handle: ({ principal, params }) => storeProviderUser(deps(), principal, params.id, service) }),
      route({ method: 'PUT', path: `users/{id}/${p}_remove_integration/`, auth: 'user',
        handle: ({ principal, params }) => removeIntegration(deps(), principal, params.id, service) }),
    ];
  };
  return [
    ...forService('zoom'),
    route({ method: 'PUT', path: 'users/{id}/z_authorization_last_completed/', auth: 'user',
      handle: ({ principal, params }) => authorizationCompleted(deps(), principal, params.id, 'zoom') }),
    ...forService('webex'),
    route({ method: 'PUT', path: 'users/{id}/w_reauthorization_requested/', auth: 'user',
      handle: ({ principal, params }) => reauthorizationRequested(deps(), principal, params.id, 'webex') }),
    route({ method: 'PUT', path: 'users/{id}/w_user_settings/', auth: 'user', body: webexSettingsRequest,
      handle: ({ principal, params, body }) => updateServiceSettings(deps(), principal, params.id, 'webex',
        { ...(body.auto_share !== undefined && { autoShare: body.auto_share }), ...(body.auto_record !== undefined && { autoRecord: body.auto_record }) }) }),
    ...forService('todoist'),
    route({ method: 'PUT', path: 'users/{id}/t_reauthorization_requested/', auth: 'user',
      handle: ({ principal, params }) => reauthorizationRequested(deps(), principal, params.id, 'todoist') }),
    route({ method: 'PUT', path: 'users/{id}/t_user_settings/', auth: 'user', body: todoistSettingsRequest,
      handle: ({ principal, params, body }) => updateServiceSettings(deps(), principal, params.id, 'todoist',
        { autoStoreToInbox: body.auto_store_to_inbox }) }),
    route({ method: 'GET', path: 'users/b_authorization_url/', auth: 'user',
      handle: ({ principal }) => authorizationUrl(deps(), principal, 'basicops') }),
    route({ method: 'POST', path: 'users/{id}/b_authorize_user/', auth: 'user', body: basicOpsCodeRequest,
      handle: ({ principal, params, body }) => exchangeCode(deps(), principal, params.id, 'basicops', body.authorization_code, body.state) }),
    route({ method: 'PUT', path: 'users/{id}/b_remove_integration/', auth: 'user',
      handle: ({ principal, params }) => removeIntegration(deps(), principal, params.id, 'basicops') }),
    route({ method: 'GET', path: 'users/{id}/b_projects/', auth: 'user',
      handle: ({ principal, params }) => basicOpsProjects({ ...deps(), notesSinkFor: context().notesSinkFor }, principal, params.id) }),
    route({ method: 'PUT', path: 'users/{id}/b_user_settings/', auth: 'user', body: basicOpsSettingsRequest,
      handle: ({ principal, params, body }) => chooseBasicOpsProject({ ...deps(), notesSinkFor: context().notesSinkFor }, principal, params.id,
        body.project_id) }),
  ];
}
