export { cashbackProjector, cashbackClaimRowSchema, cashbackPayoutRowSchema, type CashbackClaimRow, type CashbackPayoutRow } from './projector';
export * from './queries';
