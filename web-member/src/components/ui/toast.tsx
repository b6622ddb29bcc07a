import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

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
  return (
    <ToastContext.Provider value={value}>
      {children}
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
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useToast must be used inside <ToastProvider>');
  return notify;
}
