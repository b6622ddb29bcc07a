import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Toast variants of spec section 8. */
export type ToastVariant = 'refer' | 'info' | 'success' | 'error' | 'warning';

interface Toast {
  readonly id: number;
  readonly variant: ToastVariant;
  readonly message: string;
}

type Notify = (variant: ToastVariant, message: string, durationMs?: number) => void;

const ToastContext = createContext<Notify | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const notify = useCallback<Notify>(
    (variant, message, durationMs = 5000) => {
      const id = Date.now() + Math.random();
      setToasts((all) => [...all, { id, variant, message }]);
      window.setTimeout(() => dismiss(id), durationMs);
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);
  const host = useToastHost(toasts.length);
  const stack = (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.variant}`} role={t.variant === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return (
    <ToastContext.Provider value={value}>
      {children}
      {host ? createPortal(stack, host) : stack}
    </ToastContext.Provider>
  );
}

/**
 * Where the toasts render. A modal <dialog> sits in the browser's top layer above every z-index
 * and makes the rest of the page inert: a toast raised from inside one (the referral modal's
 * "Invite sent") showed beneath its backdrop. While a modal dialog is open the stack renders
 * inside it (still position: fixed to the viewport), and moves back out when it closes.
 */
function useToastHost(count: number): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (count === 0) {
      setHost(null);
      return;
    }
    const open = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter((d) => d.matches(':modal'));
    const dialog = open[open.length - 1] ?? null;
    setHost(dialog);
    if (!dialog) return;
    const leave = () => setHost(null);
    dialog.addEventListener('close', leave);
    return () => dialog.removeEventListener('close', leave);
  }, [count]);
  return host;
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useToast must be used inside <ToastProvider>');
  return notify;
}
