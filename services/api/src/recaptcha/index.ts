import { z } from 'zod';

export type RecaptchaResult = { ok: true } | { ok: false; reason: string };

export interface RecaptchaVerifier {
  verify(token: string | undefined, remoteIp?: string): Promise<RecaptchaResult>;
}

/**
 * Google's documented reCAPTCHA v2 test keys
 * (https://developers.google.com/recaptcha/docs/faq, "automated tests"): with them every
 * verification passes. The local verifier below behaves like the test secret.
 */
export const RECAPTCHA_TEST_SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';
export const RECAPTCHA_TEST_SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe';

export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

const siteverifyResponse = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() });

export function createGoogleRecaptcha(options: { secret: string; fetch?: typeof fetch; url?: string }): RecaptchaVerifier {
  const doFetch = options.fetch ?? fetch;
  return {
    async verify(token, remoteIp) {
      // Google answers 'missing-input-response' too; no need to spend a round trip on it.
      if (!token) return { ok: false, reason: 'missing-input-response' };
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let body: unknown;
      try {
        const res = await doFetch(options.url ?? SITEVERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) return { ok: false, reason: `siteverify-http-${res.status}` };
        body = await res.json();
      } catch {
        // Fail closed: an unverifiable token is treated as not passed.
        return { ok: false, reason: 'siteverify-unreachable' };
      }
      const parsed = siteverifyResponse.safeParse(body);
      if (!parsed.success) return { ok: false, reason: 'siteverify-bad-response' };
      if (parsed.data.success) return { ok: true };
      return { ok: false, reason: parsed.data['error-codes']?.join(',') || 'invalid-input-response' };
    },
  };
}

/** The embedded default, like Google's test keys: any non-empty token passes. */
export function createLocalRecaptcha(): RecaptchaVerifier {
  return {
    async verify(token) {
      return token ? { ok: true } : { ok: false, reason: 'missing-input-response' };
    },
  };
}
