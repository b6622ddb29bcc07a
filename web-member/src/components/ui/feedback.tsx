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

export function ErrorNote({ message }: { message: string }) {
  return (
    <p className="error-note" role="alert">
      {message}
    </p>
  );
}
