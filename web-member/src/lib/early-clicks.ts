/**
 * The server's page is painted before React takes it over (hydration), and its buttons do nothing
 * until then: a tap on "Open menu" in that moment would be lost, and a form's submit button would
 * submit the form natively, as a plain GET. Taps on buttons in that moment are held and replayed
 * once the page is live, as Angular's event replay does. The page's start script
 * (public/start-after-paint.js) holds them from the first paint; this module takes over from it.
 */
declare global {
  interface Window {
    /** Set by public/start-after-paint.js: stops holding and gives the last button tapped. */
    roarEarlyClicks?: { take(): HTMLButtonElement | null };
  }
}

let held: HTMLButtonElement | null = null;
let listening = false;

function onEarlyClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest('button') : null;
  if (!(target instanceof HTMLButtonElement) || target.disabled) return;
  if (target.form) event.preventDefault();
  held = target;
}

/** From the app's first script until hydration: remember the last button tapped (where the start script does not already). */
export function holdEarlyClicks(): void {
  if (listening || window.roarEarlyClicks) return;
  listening = true;
  document.addEventListener('click', onEarlyClick, true);
}

/** Stops holding taps (the start script's and this module's) and gives the last button tapped. */
function stopHolding(): HTMLButtonElement | null {
  const fromStart = window.roarEarlyClicks?.take() ?? null;
  delete window.roarEarlyClicks;
  if (listening) document.removeEventListener('click', onEarlyClick, true);
  listening = false;
  const button = fromStart ?? held;
  held = null;
  return button;
}

/**
 * The app renders the page afresh instead of taking the server's over (a signed-in member's pages):
 * stop holding, or every form's submit button would stay held and never submit.
 */
export function dropEarlyClicks(): void {
  stopHolding();
}

/** The page is live: stop holding, and tap again the button the visitor tapped while it was not. */
export function replayEarlyClicks(): void {
  const button = stopHolding();
  if (button?.isConnected && !button.disabled) button.click();
}
