/** Inline status texts: errors are announced as alerts, confirmations as polite status. */
import type { ReactNode } from 'react';

export function ErrorMessage({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return <p role="alert" className="message message-error">{children}</p>;
}

export function SuccessMessage({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return <p role="status" className="message message-success">{children}</p>;
}

/** What an action came to: a confirmation (polite status) or a failure (alert). */
export interface Outcome { ok: boolean; text: string }

export function OutcomeMessage({ outcome }: { outcome: Outcome | undefined }) {
  if (!outcome) return null;
  return <p className={outcome.ok ? 'message' : 'message message-error'} role={outcome.ok ? 'status' : 'alert'}>{outcome.text}</p>;
}
