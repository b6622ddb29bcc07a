import type { PersonalFieldKind } from '@roar/platform';

/** The address is a wire shape first: its schema, states and postcode rule live in the contracts. */
export { addressSchema, AU_STATES, POSTCODE_MESSAGE, postcodeMatchesState, type Address } from '@roar/contracts/shop';

/**
 * Personal fields (issue 24) of an address (addressSchema) held at `path`: the name, street, suburb
 * and phone. The state and the 4-digit postcode stay plain: they are the delivery region (the state
 * is what a winner's display shows too), and with the rest sealed they identify no one.
 */
export function addressPersonalFields(path: string): Record<string, PersonalFieldKind> {
  return {
    [`${path}.first_name`]: 'name',
    [`${path}.last_name`]: 'name',
    [`${path}.line1`]: 'text',
    [`${path}.line2`]: 'text',
    [`${path}.suburb`]: 'text',
    [`${path}.phone`]: 'text',
  };
}
