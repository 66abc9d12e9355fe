/** A route that leaves the app for an external page (privacy policy, terms, support, documentation). */
import { useEffect } from 'react';

export function ExternalRedirect({ to, label }: { to: string; label: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return (
    <main className="centered-page">
      <p>
        Opening <a href={to}>{label}</a>…
      </p>
    </main>
  );
}
