export { accountOfRow, drawEligibilityProjector, eligibilityKeyOf } from './projector';
