import { FunctionField, ReferenceField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { amount, card } from './PaymentList';
import { RefundButton } from './RefundButton';

export function PaymentShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <RefundButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" />
        <ReferenceField source="member_id" reference="members" label="Member" link="show" />
        <TextField source="purpose" />
        <TextField source="tier_code" label="Tier" emptyText="-" />
        <FunctionField label="Amount" render={amount} />
        <TextField source="currency" emptyText="-" />
        <TextField source="status" />
        <TextField source="failure_reason" emptyText="-" />
        <TextField source="provider" emptyText="-" />
        <TextField source="checkout_id" label="Checkout" emptyText="-" />
        <TextField source="payment_id" label="Payment" emptyText="-" />
        <TextField source="subscription_id" label="Subscription" emptyText="-" />
        <FunctionField label="Card" render={card} />
        <ClubDateField source="created_at" showTime label="Created" />
        <ClubDateField source="completed_at" showTime label="Completed" emptyText="-" />
      </SimpleShowLayout>
    </Show>
  );
}
