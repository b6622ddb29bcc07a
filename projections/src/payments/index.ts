export { paymentsProjector } from './projector';
export {
  listPayments,
  getPayment,
  lastCard,
  drawSpendInMonth,
  memberIdOfSubscriptionPayment,
  PAYMENT_SORT_FIELDS,
  paymentByProviderId,
  paymentRecord,
  searchPaymentRecords,
  type ListPaymentsOptions,
  type PaymentQuery,
  type PaymentSort,
} from './queries';
export { paymentRowSchema, type PaymentRow } from './row';
