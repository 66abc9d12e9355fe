/** Small toast messages for the payment flow (spec §8 Payments). */
import { useCallback, useState } from 'react';

export interface Toast { id: number; kind: 'info' | 'success' | 'error'; text: string }

let nextId = 1;

export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const push = useCallback((kind: Toast['kind'], text: string) => {
    const toast = { id: nextId++, kind, text };
    setToasts((all) => [...all, toast]);
    setTimeout(() => setToasts((all) => all.filter((t) => t.id !== toast.id)), 6000);
  }, []);
  /** Takes back the error toasts (e.g. "Kindly select a plan" once a plan is chosen). */
  const clearErrors = useCallback(() => setToasts((all) => all.filter((t) => t.kind !== 'error')), []);
  return { toasts, push, clearErrors };
}

export function Toasts({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>{t.text}</div>)}
    </div>
  );
}
