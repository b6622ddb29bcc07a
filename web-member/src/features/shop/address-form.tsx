import type { Address } from './api';

export const AU_STATES = [
  ['ACT', 'Australian Capital Territory'],
  ['NSW', 'New South Wales'],
  ['NT', 'Northern Territory'],
  ['QLD', 'Queensland'],
  ['SA', 'South Australia'],
  ['TAS', 'Tasmania'],
  ['VIC', 'Victoria'],
  ['WA', 'Western Australia'],
] as const;

export const EMPTY_ADDRESS: Address = { first_name: '', last_name: '', line1: '', line2: '', suburb: '', state: 'NSW', postcode: '', phone: '' };

const FIELDS: readonly [keyof Address, string, string][] = [
  ['first_name', 'First name', 'given-name'],
  ['last_name', 'Last name', 'family-name'],
  ['line1', 'Street address', 'address-line1'],
  ['line2', 'Apartment, unit (optional)', 'address-line2'],
  ['suburb', 'Suburb', 'address-level2'],
  ['phone', 'Phone (optional)', 'tel'],
];

/**
 * An Australian address. The server checks it (states, the postcode ranges of each state) and its
 * answer names the field, shown beside it here: the rules live in one place.
 */
export function AddressForm({
  legend,
  value,
  onChange,
  errors,
  prefix,
}: {
  legend: string;
  value: Address;
  onChange: (a: Address) => void;
  errors: Partial<Record<keyof Address, string>>;
  prefix: string;
}) {
  const set = (k: keyof Address, v: string) => onChange({ ...value, [k]: v });
  const field = (k: keyof Address, label: string, auto: string) => (
    <label key={k} className="field">
      <span>{label}</span>
      <input
        id={`${prefix}-${k}`}
        value={value[k]}
        autoComplete={`section-${prefix} ${auto}`}
        required={!label.includes('optional')}
        aria-invalid={errors[k] ? true : undefined}
        onChange={(e) => set(k, e.target.value)}
      />
      {errors[k] && <span className="field__error">{errors[k]}</span>}
    </label>
  );
  return (
    <fieldset className="address-form">
      <legend>{legend}</legend>
      {FIELDS.slice(0, 5).map(([k, label, auto]) => field(k, label, auto))}
      <label className="field">
        <span>State or territory</span>
        <select value={value.state} autoComplete={`section-${prefix} address-level1`} onChange={(e) => set('state', e.target.value)}>
          {AU_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {errors.state && <span className="field__error">{errors.state}</span>}
      </label>
      <label className="field">
        <span>Postcode</span>
        <input
          value={value.postcode}
          inputMode="numeric"
          maxLength={4}
          pattern="\d{4}"
          autoComplete={`section-${prefix} postal-code`}
          required
          aria-invalid={errors.postcode ? true : undefined}
          onChange={(e) => set('postcode', e.target.value)}
        />
        {errors.postcode && <span className="field__error">{errors.postcode}</span>}
      </label>
      {field('phone', 'Phone (optional)', 'tel')}
    </fieldset>
  );
}

/** "shipping_address.postcode: Enter the 4-digit postcode of this state" -> the field and its message. */
export function fieldError(message: string | null): { group: string; field: keyof Address; text: string } | null {
  const m = message ? /^(shipping_address|billing_address)\.(\w+): (.+)$/.exec(message) : null;
  return m ? { group: m[1]!, field: m[2] as keyof Address, text: m[3]! } : null;
}
