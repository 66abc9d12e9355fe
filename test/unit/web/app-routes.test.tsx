/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProvider } from '../../../web/src/app/app-provider.js';
import { AppRoutes } from '../../../web/src/app/app-routes.js';
import { saveSession } from '../../../web/src/lib/session.js';
import { fakeFetch } from '../../helpers/fake-fetch.js';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider swrProvider={() => new Map()}>
        <AppRoutes />
        <Where />
      </AppProvider>
    </MemoryRouter>,
  );
}

describe('AppRoutes', () => {
  beforeEach(() => { localStorage.clear(); sessionStorage.clear(); });

  it('brings a signed-out visitor of a share link back to the shared meeting after signing in', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = fakeFetch([], (call) => ({ status: 200, json: call.url.includes('/token/obtain/') ? { access: 'tok', refresh: 'r' } : { count: 0, results: [] } }));
    try {
      renderAt('/home/meeting/m-9');
      await screen.findByRole('heading', { name: 'Welcome Back!' });
      fireEvent.change(screen.getByLabelText('My Email', { selector: 'input' }), { target: { value: 'a@example.com' } });
      fireEvent.change(screen.getByLabelText('My Password', { selector: 'input' }), { target: { value: 'pw-Secret-1' } });
      await act(async () => { fireEvent.submit(screen.getByRole('form', { name: 'Sign in' })); });

      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home/meeting/m-9'));
      expect(sessionStorage.length).toBe(0);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('keeps the return target while the visitor goes on to the sign-up page', async () => {
    renderAt('/dashboard/m-3/notes');
    await screen.findByRole('heading', { name: 'Welcome Back!' });
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    await screen.findByRole('heading', { name: 'Get Started!' });
    expect(sessionStorage.getItem('meetscribe.returnTo')).toBe('/dashboard/m-3/notes');
  });

  it('never keeps another origin or an /auth page as a return target', async () => {
    const { isReturnTarget } = await import('../../../web/src/features/auth/return-target.js');
    expect(isReturnTarget('//evil.example/home')).toBe(false);
    expect(isReturnTarget('/auth/login')).toBe(false);
    expect(isReturnTarget('/home/meeting/abc')).toBe(true);
  });

  it('sends a signed-out visitor of /home to the sign-in page', async () => {
    renderAt('/home');

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
  });

  it('sends a signed-out visitor of / through /home to the sign-in page', async () => {
    renderAt('/');

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
  });

  it('sends unknown /auth paths to /', async () => {
    renderAt('/auth/nowhere');

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
  });

  it('sends a signed-in user away from the sign-up page to the home screen', async () => {
    saveSession({ access: 'tok', refresh: 'r' });

    renderAt('/auth/signup');

    expect(await screen.findByRole('heading', { name: 'My Meetings' })).toBeTruthy();
  });

  it('shows My Meetings on /dashboard for a signed-in user', async () => {
    saveSession({ access: 'tok', refresh: 'r' });

    renderAt('/dashboard/m-1/notes');

    expect(await screen.findByRole('heading', { name: 'My Meetings' })).toBeTruthy();
  });

  it('signs the user out at /auth/logout and shows the sign-in page', async () => {
    saveSession({ access: 'tok', refresh: 'r' });

    renderAt('/auth/logout');

    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the sign-up form with every field the spec lists', async () => {
    renderAt('/auth/signup?plan=pro');

    for (const label of ['First Name', 'Last Name', 'My Email', 'My Password', 'Confirm Password', 'Verification Code']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Send Email Verification Code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign me up!' })).toBeTruthy();
  });
});
