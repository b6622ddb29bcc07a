import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const secret = 'x'.repeat(40);

describe('a scaled-out role needs a shared webhook secret and the api address', () => {
  it.each(['api', 'projector', 'worker'])('ROLE=%s without them refuses to start, naming both', (role) => {
    expect(() => loadConfig({ ROLE: role })).toThrow(ConfigError);
    try {
      loadConfig({ ROLE: role });
    } catch (error) {
      expect((error as Error).message).toContain(`ROLE=${role}`);
      expect((error as Error).message).toContain('PAYMENTS_WEBHOOK_SECRET: required');
      expect((error as Error).message).toContain('API_INTERNAL_URL: required');
    }
    expect(() => loadConfig({ ROLE: role, PAYMENTS_WEBHOOK_SECRET: secret })).toThrow(/API_INTERNAL_URL/);
    expect(loadConfig({ ROLE: role, PAYMENTS_WEBHOOK_SECRET: secret, API_INTERNAL_URL: 'http://api:3000' }).API_INTERNAL_URL).toBe('http://api:3000');
  });

  it('a short secret is refused; the embedded default and Stripe need neither', () => {
    expect(() => loadConfig({ ROLE: 'worker', PAYMENTS_WEBHOOK_SECRET: 'short', API_INTERNAL_URL: 'http://api:3000' })).toThrow(
      /at least 32 characters/,
    );
    expect(loadConfig({}).ROLE).toBe('all');
    expect(loadConfig({ ROLE: 'worker', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_1234567890' }).ROLE).toBe('worker');
  });
});
