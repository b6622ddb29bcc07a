import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('the spec email pattern', () => {
  it('accepts local@dotted.domain and a bracketed IP', () => {
    for (const ok of ['sam@example.com', 'sam.j@mail.example.com.au', 'a+b@x.io', 'sam@[10.0.0.1]', '"odd name"@example.com', ' sam@example.com ']) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
  });
  it('refuses empty, undotted, short-tld, spaced, angled, comma and quoted-local addresses', () => {
    for (const bad of [
      '',
      '   ',
      'sam',
      'sam@',
      '@example.com',
      'sam@example',
      'sam@example.c',
      'sa m@example.com',
      '<sam>@example.com',
      'sam,j@example.com',
      'sa"m@example.com',
      'sam@exa mple.com',
      'sam@@example.com',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});
