import type { PaymentProvider } from './payment-port';
import type { RecaptchaVerifier } from '../recaptcha';

/** The outside services the features talk to (payment provider, reCAPTCHA), chosen from the configuration at start-up. */
export interface MembersPorts {
  readonly payments: PaymentProvider;
  readonly recaptcha: RecaptchaVerifier;
}
