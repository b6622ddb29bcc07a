/**
 * The server's page is painted before React takes it over (hydration), and its buttons do nothing
 * until then: a tap on "Open menu" in that moment would be lost, and a form's submit button would
 * submit the form natively, as a plain GET. Taps on buttons in that moment are held and replayed
 * once the page is live, as Angular's event replay does.
 */
let held: HTMLButtonElement | null = null;
let listening = false;

function onEarlyClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest('button') : null;
  if (!(target instanceof HTMLButtonElement) || target.disabled) return;
  // A submit button must not submit before the app handles the form.
  if (target.form) event.preventDefault();
  held = target;
}

/** From the page's first script until hydration: remember the last button tapped. */
export function holdEarlyClicks(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', onEarlyClick, true);
}

/** The page is live: stop holding, and tap again the button the visitor tapped while it was not. */
export function replayEarlyClicks(): void {
  if (!listening) return;
  listening = false;
  document.removeEventListener('click', onEarlyClick, true);
  const button = held;
  held = null;
  if (button?.isConnected && !button.disabled) button.click();
}
