/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '../../../functions/contracts/auth-users.js';
import { IntegrateButtons } from '../../../web/src/features/integrations/components/integrate-buttons.js';
import { IntegrationModal } from '../../../web/src/features/integrations/components/integration-modal.js';
import { IntegrationResultDialog } from '../../../web/src/features/integrations/components/integration-result-dialog.js';
import { INTEGRATION_SERVICES, REDIRECT_DELAY_MS } from '../../../web/src/features/integrations/services.js';
import { useIntegrationReturn } from '../../../web/src/features/integrations/use-integration-return.js';
import { fakeFetch, type FetchCall, type FetchReply } from '../../helpers/fake-fetch.js';
import { FreshSwr } from '../../helpers/fresh-swr.js';

const base: User = {
  id: 'u1', first_name: 'Zed', last_name: 'Oom', company: '', email: 'z@example.com', user_settings: { email_notes: false }, minutes: 60,
  preferred_plan: null, zoom_integrated: false, zoom_refresh_token_exists: false, webex_integrated: false, webex_refresh_token_exists: false,
  webex_auto_share_on: false, webex_auto_record_on: false, todoist_integrated: false, todoist_access_token_exists: false,
  todoist_auto_store_to_inbox: false, basicops_integrated: false, basicops_refresh_token_exists: false,
};
const zoom = INTEGRATION_SERVICES.find((s) => s.id === 'zoom')!;

let calls: FetchCall[];
function backend(reply: (call: FetchCall) => FetchReply) {
  calls = [];
  globalThis.fetch = fakeFetch(calls, reply);
}

function Harness({ user }: { user: User }) {
  const { result, dismiss } = useIntegrationReturn(user);
  return result ? <IntegrationResultDialog {...result} onClose={dismiss} /> : <p>no dialog</p>;
}
const renderReturn = (user: User, search: string) => {
  window.history.replaceState(null, '', `/home${search}`);
  return render(<FreshSwr><Harness user={user} /></FreshSwr>);
};
const zoomOk = (call: FetchCall): FetchReply => {
  if (call.url.includes('z_user_access_token')) return { status: 200, json: { zoom_integrated: true, zoom_refresh_token_exists: true } };
  if (call.url.endsWith('/z_user/') || call.url.endsWith('/z_authorization_last_completed/')) return { status: 200, json: { zoom_integrated: true, zoom_refresh_token_exists: true } };
  return { status: 404, json: {} };
};

beforeEach(() => sessionStorage.clear());

describe('the integration return flow on /home (spec §4)', () => {
  it('exchanges the code with its state, stores the user, reports completion, shows the success title and cleans the address', async () => {
    backend(zoomOk);
    renderReturn(base, '?code=abc&state=meetscribe-zoom.payload.sig');
    await screen.findByRole('dialog', { name: 'Zoom Integration Complete!' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/users/u1/z_user_access_token/?authorization_code=abc&state=meetscribe-zoom.payload.sig',
      'PUT /api/users/u1/z_user/',
      'PUT /api/users/u1/z_authorization_last_completed/',
    ]);
    expect(window.location.search).toBe('');
  });

  it('does nothing when the state does not carry a service marker, or there is no code', async () => {
    backend(zoomOk);
    renderReturn(base, '?code=abc&state=someone-else.x.y');
    renderReturn(base, '?state=meetscribe-zoom.x.y');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('swallows invalid_grant silently', async () => {
    backend(() => ({ status: 400, json: { error: ['invalid_grant'] } }));
    renderReturn(base, '?code=used&state=meetscribe-zoom.p.s');
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows Authorization Error when the exchange fails and Authorization Processing Error when a later step fails, with the §8 body', async () => {
    backend(() => ({ status: 400, json: { non_field_errors: ['The authorization request is invalid or has expired.'] } }));
    const first = renderReturn(base, '?code=abc&state=meetscribe-webex.p.s');
    const dialog = await screen.findByRole('dialog', { name: 'Webex Authorization Error' });
    expect(dialog.textContent).toContain('There was an error while attempting to sync with your Webex account. Please contact support.');
    first.unmount();
    backend((call) => (call.url.includes('z_user_access_token') ? zoomOk(call) : { status: 502, json: {} }));
    renderReturn(base, '?code=abc&state=meetscribe-zoom.p.s');
    await screen.findByRole('dialog', { name: 'Zoom Authorization Processing Error' });
  });

  it('shows Reauthorization Required for an integrated service whose token is gone, once per session', async () => {
    backend(zoomOk);
    const stale = { ...base, webex_integrated: true, webex_refresh_token_exists: false };
    const first = renderReturn(stale, '');
    const dialog = await screen.findByRole('dialog', { name: 'Webex Reauthorization Required' });
    expect(dialog.textContent).toContain('Please click Integrate Webex again on the left panel.');
    first.unmount();
    renderReturn(stale, '');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Integrate buttons and modals', () => {
  it('shows a button per service not integrated or without a token', () => {
    render(<IntegrateButtons user={{ ...base, zoom_integrated: true, zoom_refresh_token_exists: true, webex_integrated: true }} />);
    expect(screen.queryByRole('button', { name: 'Integrate Zoom' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Integrate Webex' })).toBeTruthy();
  });

  it('fetches the authorization URL, waits 2 s and only then redirects', async () => {
    jest.useFakeTimers();
    try {
      backend(() => ({ status: 200, json: { authorization_url: 'https://zoom.example/oauth/authorize?state=meetscribe-zoom.x.y' } }));
      const redirect = jest.fn();
      render(<IntegrationModal service={zoom} onClose={() => undefined} redirect={redirect} />);
      fireEvent.click(screen.getByRole('button', { name: 'Integrate Zoom' }));
      await act(async () => { await jest.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 1); });
      expect(calls.map((c) => c.url)).toEqual(['/api/users/z_authorization_url/']);
      expect(redirect).not.toHaveBeenCalled();
      await act(async () => { await jest.advanceTimersByTimeAsync(1); });
      expect(redirect).toHaveBeenCalledWith('https://zoom.example/oauth/authorize?state=meetscribe-zoom.x.y');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Settings › Integrations names the connected account (issue 35)', () => {
  it('says "Connected as" the account the service named, "Connected" when it named none, and why not otherwise', async () => {
    const { IntegrationsTab } = await import('../../../web/src/features/integrations/components/integrations-tab.js');
    backend(() => ({ status: 200, json: { projects: [] } }));
    const user: User = {
      ...base, zoom_integrated: true, zoom_refresh_token_exists: true, zoom_account: 'zed@zoom.example.com',
      webex_integrated: true, webex_refresh_token_exists: false, webex_account: 'zed@webex.example.com',
      basicops_integrated: true, basicops_refresh_token_exists: true,
    };
    render(<FreshSwr><IntegrationsTab user={user} /></FreshSwr>);
    const state = (title: string) => within(screen.getByRole('region', { name: title })).getByRole('heading').nextElementSibling?.textContent;

    expect(state('Zoom')).toBe('Connected as zed@zoom.example.com');
    expect(state('Webex')).toBe('Reauthorization required');
    expect(state('Todoist')).toBe('Not connected');
    expect(state('BasicOps')).toBe('Connected');
  });
});

describe('Settings › Integrations: Remove asks first, in the app\'s own dialog (issue 35)', () => {
  it('removes nothing until the confirm dialog says yes', async () => {
    const { IntegrationsTab } = await import('../../../web/src/features/integrations/components/integrations-tab.js');
    backend(() => ({ status: 200, json: { zoom_integrated: false, zoom_refresh_token_exists: false } }));
    const user = { ...base, zoom_integrated: true, zoom_refresh_token_exists: true };
    render(<FreshSwr><IntegrationsTab user={user} /></FreshSwr>);
    const zoomRow = screen.getByRole('region', { name: zoom.title });

    fireEvent.click(within(zoomRow).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove Zoom?' })).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog', { name: 'Remove Zoom?' })).toBeNull();
    expect(calls).toHaveLength(0);

    fireEvent.click(within(zoomRow).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove Zoom?' })).getByRole('button', { name: 'Yes, remove Zoom' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.method).toBe('PUT');
  });
});
