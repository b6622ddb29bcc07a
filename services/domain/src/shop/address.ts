/** The address is a wire shape first: its schema, states and postcode rule live in the contracts. */
export { addressSchema, AU_STATES, POSTCODE_MESSAGE, postcodeMatchesState, type Address } from '@roar/contracts/shop';
