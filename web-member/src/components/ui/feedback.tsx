import type { ReactNode } from 'react';

/** Loading screen and empty block of the shared blocks list (spec section 2). */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}

export function LoadingScreen() {
  return (
    <div className="loading-screen">
      <Spinner />
    </div>
  );
}

export function Empty({ message = 'No Results' }: { message?: string }) {
  return <p className="empty">{message}</p>;
}

/** An empty list or page that says what is empty and what to do next, with the way to do it. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty empty-state" data-testid="empty-state">
      <p className="empty-state__title">{title}</p>
      {children && <p className="empty-state__hint">{children}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}

export function ErrorNote({ message }: { message: string }) {
  return (
    <p className="error-note" role="alert">
      {message}
    </p>
  );
}
