/** Frame of the authentication pages: a brand panel beside the form on desktop, the form alone on phones. */
import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo.js';
import { SupportContact } from '../../../components/support-contact.js';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <aside className="auth-brand" aria-hidden="true">
        <p className="auth-brand-title">MeetScribe</p>
        <p>Capture, transcribe and review every meeting.</p>
      </aside>
      <main className="auth-main">
        <Logo />
        <h1>{title}</h1>
        {children}
        <SupportContact />
      </main>
    </div>
  );
}
