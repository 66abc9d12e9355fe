/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProvider } from '../../../web/src/app/app-provider.js';
import { AppRoutes } from '../../../web/src/app/app-routes.js';
import { saveSession } from '../../../web/src/lib/session.js';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider swrProvider={() => new Map()}>
        <AppRoutes />
      </AppProvider>
    </MemoryRouter>,
  );
}

describe('AppRoutes', () => {
  beforeEach(() => localStorage.clear());

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
