import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

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
  const stack = useRef<HTMLDivElement>(null);
  // A modal <dialog> sits in the browser's top layer, above every z-index: a toast raised from
  // inside one (the referral modal's "Invite sent") rendered beneath its backdrop. The toast stack
  // is a manual popover, shown again whenever a toast arrives, so it joins the top layer after
  // any open dialog and paints above it.
  useEffect(() => {
    const el = stack.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (toasts.length > 0) el.showPopover();
  }, [toasts]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div ref={stack} className="toasts" aria-live="polite" popover="manual">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast--${t.variant}`} role={t.variant === 'error' ? 'alert' : 'status'}>
            <span>{t.message}</span>
            <button type="button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useToast must be used inside <ToastProvider>');
  return notify;
}
