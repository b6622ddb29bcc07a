// Starts the entry scripts once the server's page is painted (services/api/src/prerender.ts, fillTemplate).
(() => {
  const entries = document.currentScript?.dataset.entries?.split(' ').filter(Boolean) ?? [];
  // Until the app has taken the page over, its buttons do nothing: the last one tapped is held and the
  // app taps it again once the page is live (web-member/src/lib/early-clicks.ts). A submit button must
  // not submit its form natively meanwhile.
  let held = null;
  const hold = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled) return;
    if (button.form) event.preventDefault();
    held = button;
  };
  document.addEventListener('click', hold, true);
  window.roarEarlyClicks = {
    take() {
      document.removeEventListener('click', hold, true);
      const button = held;
      held = null;
      return button;
    },
  };
  const start = () => {
    document.documentElement.classList.remove('paint-first');
    for (const src of entries) {
      const entry = document.createElement('script');
      entry.type = 'module';
      entry.crossOrigin = '';
      entry.async = false; // in order, as the page's own script elements
      entry.src = src;
      document.head.append(entry);
    }
  };
  // A hidden tab draws no frames: at once there.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
