/**
 * The integration return flow on /home (spec §4): only with a signed-in user, only when `code` is present and the
 * returned `state` starts with a service's fixed marker. The code is exchanged (the server checks the signed,
 * single-use nonce in the state), the provider user is stored (Zoom: then the authorization is reported complete),
 * and the flags from the answers update the user. `invalid_grant` is swallowed silently; an exchange failure shows the
 * Authorization Error dialog, a failure after it the Processing Error dialog. Without a return, a service that is
 * integrated but has lost its token shows Reauthorization Required (once per browser session).
 */
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { User } from '@contracts/auth-users.js';
import { ApiError } from '../../api/api-client.js';
import { authorizationCompleted, authorizeBasicOps, exchangeAuthorizationCode, storeServiceUser,
  type ServiceFlags } from '../../api/integrations/integrations.js';
import { USER_KEY } from '../../api/users/get-user.js';
import type { IntegrationOutcome } from './components/integration-result-dialog.js';
import { INTEGRATION_SERVICES, type IntegrationService } from './services.js';

export interface IntegrationResult { service: IntegrationService; outcome: IntegrationOutcome }

const isInvalidGrant = (error: unknown) => error instanceof ApiError && JSON.stringify(error.data ?? '').includes('invalid_grant');
const REMINDED = 'meetscribe.reauthorization-reminded';

/** Reads code/state once, drops them from the address bar, and runs the flow. */
export function useIntegrationReturn(user: User | undefined) {
  const { mutate } = useSWRConfig();
  const [result, setResult] = useState<IntegrationResult>();
  const started = useRef(false);

  useEffect(() => {
    if (!user || started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state') ?? '';
    if (params.has('code') || params.has('state')) {
      params.delete('code');
      params.delete('state');
      const rest = params.toString();
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
    }
    const service = INTEGRATION_SERVICES.find((s) => state.split('.')[0] === s.marker);
    if (code && service) {
      void runFlow(service, user, code, state);
      return;
    }
    const stale = INTEGRATION_SERVICES.find((s) => s.integrated(user) && !s.tokenExists(user));
    if (stale && sessionStorage.getItem(`${REMINDED}.${stale.id}`) !== '1') {
      sessionStorage.setItem(`${REMINDED}.${stale.id}`, '1');
      setResult({ service: stale, outcome: 'reauthorization' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  async function runFlow(service: IntegrationService, current: User, code: string, state: string) {
    let flags: ServiceFlags = {};
    const apply = async (more: ServiceFlags) => {
      flags = { ...flags, ...more };
      await mutate(USER_KEY, (u?: User) => (u ? { ...u, ...pickFlags(flags) } : u), { revalidate: false });
    };
    try {
      // §4: for the notes/CRM service the code is posted and the answer carries its two flags.
      await apply(service.id === 'basicops'
        ? await authorizeBasicOps(current.id, code, state)
        : await exchangeAuthorizationCode(service.letter, current.id, code, state));
    } catch (error) {
      if (!isInvalidGrant(error)) setResult({ service, outcome: 'authorization_error' });
      return;
    }
    try {
      if (service.id !== 'basicops') await apply(await storeServiceUser(service.letter, current.id));
      if (service.id === 'zoom') await apply(await authorizationCompleted(current.id));
    } catch (error) {
      if (!isInvalidGrant(error)) setResult({ service, outcome: 'processing_error' });
      return;
    }
    const updated = { ...current, ...pickFlags(flags) } as User;
    setResult({ service, outcome: service.integrated(updated) && service.tokenExists(updated) ? 'complete' : 'reauthorization' });
    // The user again, for what the flags do not carry: the connected account Settings › Integrations names.
    void mutate(USER_KEY);
  }

  return { result, dismiss: () => setResult(undefined) };
}

/** Only the boolean §3 flags of an answer go into the cached user. */
function pickFlags(flags: ServiceFlags): Partial<User> {
  return Object.fromEntries(Object.entries(flags).filter(([k, v]) => typeof v === 'boolean' && /^(zoom|webex|todoist|basicops)_/.test(k))) as Partial<User>;
}
