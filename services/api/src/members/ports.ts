import type { PaymentProvider } from '../payments';
import type { RecaptchaVerifier } from '../recaptcha';

/** The outside services the member flows talk to, chosen from the configuration at start-up. */
export interface MembersPorts {
  readonly payments: PaymentProvider;
  readonly recaptcha: RecaptchaVerifier;
}
