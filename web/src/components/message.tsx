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
