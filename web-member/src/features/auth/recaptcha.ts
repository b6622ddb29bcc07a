import { loadServiceKeys } from '../../lib/service-keys';

/**
 * The sign-up recaptcha token. With a site key in the service keys (`/items/tokens`, name
 * 'recaptcha') Google's v3 script is loaded and asked for a token. Without one, the deployment
 * runs in local test mode (the API's verifier then behaves like Google's test keys, which accept
 * any token), so the fixed token 'local-test-token' is sent.
 */
export const LOCAL_TEST_TOKEN = 'local-test-token';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let siteKeyPromise: Promise<string | null> | null = null;

const siteKey = (): Promise<string | null> => {
  siteKeyPromise ??= loadServiceKeys().then((keys) => keys.recaptcha || null);
  return siteKeyPromise;
};

const loadScript = (key: string): Promise<Grecaptcha> =>
  new Promise((resolve, reject) => {
    if (window.grecaptcha) return resolve(window.grecaptcha);
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`;
    script.async = true;
    script.onload = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('recaptcha did not load')));
    script.onerror = () => reject(new Error('recaptcha did not load'));
    document.head.appendChild(script);
  });

/** Starts loading early (on mount of the form) so the submit does not wait for it. */
export function prepareRecaptcha(): void {
  void siteKey().then((key) => (key ? loadScript(key).catch((e: unknown) => console.error(e)) : undefined));
}

export async function recaptchaToken(action = 'sign_up'): Promise<string> {
  const key = await siteKey();
  if (!key) return LOCAL_TEST_TOKEN;
  const grecaptcha = await loadScript(key);
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(key, { action });
}
