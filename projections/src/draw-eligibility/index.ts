export { accountOfRow, drawEligibilityProjector, eligibilityKeyOf } from './projector';
export { readEligibilityRows, type StaleEligibilityKey } from './queries';
