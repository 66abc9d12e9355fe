/** A guest's first screen: 'Welcome to the meeting!', name (trimmed, required) and e-mail (required), Next (spec §5). */
import { useId, useState, type FormEvent } from 'react';
import { ROOM_TEXTS } from '../room-texts.js';

export function WelcomeForm({ onNext }: { onNext: (guest: { name: string; email: string }) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const ids = { name: useId(), email: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Please enter your name.');
    if (!email.trim()) return setError('Please enter your e-mail address.');
    onNext({ name: trimmed, email: email.trim().toLowerCase() });
  }

  return (
    <form className="form centered-page" onSubmit={submit}>
      <h1>{ROOM_TEXTS.welcome}</h1>
      <p>{ROOM_TEXTS.welcomeHint}</p>
      <div className="field">
        <label htmlFor={ids.name}>Your name</label>
        <input id={ids.name} className="input" required maxLength={100} placeholder="e.g. Jane Doe or Board Room"
          value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.email}>Your email</label>
        <input id={ids.email} className="input" type="email" required maxLength={254} placeholder="e.g. jane@example.com"
          value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      {error && <p role="alert" className="message message-error">{error}</p>}
      <button type="submit" className="button-primary">Next</button>
    </form>
  );
}
