/**
 * The server's page is painted before React takes it over (hydration), and its buttons do nothing
 * until then: a tap on "Open menu" in that moment would be lost, and a form's submit button would
 * submit the form natively, as a plain GET. The page's start script (public/start-after-paint.js)
 * holds the last button tapped from the first paint, as Angular's event replay does; the app takes
 * it from there once the page is live.
 */
declare global {
  interface Window {
    /** Set by public/start-after-paint.js: stops holding and gives the last button tapped. */
    roarEarlyClicks?: { take(): HTMLButtonElement | null };
  }
}

/** Stops the start script holding taps and gives the last button tapped (none on a page it did not start). */
function stopHolding(): HTMLButtonElement | null {
  const button = window.roarEarlyClicks?.take() ?? null;
  delete window.roarEarlyClicks;
  return button;
}

/**
 * The app renders the page afresh instead of taking the server's over (a signed-in member's pages),
 * or hydration failed: stop holding, or every form's submit button would stay held and never submit.
 */
export function dropEarlyClicks(): void {
  stopHolding();
}

/** The page is live: stop holding, and tap again the button the visitor tapped while it was not. */
export function replayEarlyClicks(): void {
  const button = stopHolding();
  if (button?.isConnected && !button.disabled) button.click();
}
