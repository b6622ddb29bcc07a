export { paymentsProjector } from './projector';
export { listPayments, getPayment, lastCard, type ListPaymentsOptions } from './queries';
export { paymentRowSchema, type PaymentRow } from './row';
