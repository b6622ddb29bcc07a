import { describe, expect, it } from 'vitest';
import { ConfigError, formatAbn, isValidAbn, loadConfig } from './config';

describe("the seller's name and ABN for tax invoices", () => {
  it('checks an ABN with the ATO check digits', () => {
    // The ATO's own worked example.
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51824753557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('5182475355a')).toBe(false);
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });

  it('reads BUSINESS_ABN with spaces, refuses a wrong one by name, and defaults the name with no ABN', () => {
    expect(loadConfig({ BUSINESS_ABN: '51 824 753 556' }).BUSINESS_ABN).toBe('51824753556');
    expect(() => loadConfig({ BUSINESS_ABN: '51 824 753 557' })).toThrow(ConfigError);
    expect(() => loadConfig({ BUSINESS_ABN: '51 824 753 557' })).toThrow(/BUSINESS_ABN is not a valid ABN/);
    const plain = loadConfig({});
    expect(plain.BUSINESS_NAME).toBe('ROAR+ Pro Shop');
    expect(plain.BUSINESS_ABN).toBeUndefined();
    expect(loadConfig({ BUSINESS_ABN: '  ', BUSINESS_NAME: 'Pelican Waters Golf Club Ltd' })).toMatchObject({
      BUSINESS_ABN: undefined,
      BUSINESS_NAME: 'Pelican Waters Golf Club Ltd',
    });
  });
});
