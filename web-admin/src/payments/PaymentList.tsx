import {
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  ReferenceField,
  SelectArrayInput,
  SelectInput,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { formatCents } from '../memberships/MembershipList';

export const PAYMENT_STATUS_CHOICES = ['pending', 'paid', 'declined', 'expired', 'refunded'].map((id) => ({ id, name: id }));
const PURPOSE_CHOICES = ['join', 'upgrade', 'single-entry', 'team-fee', 'shop-order'].map((id) => ({ id, name: id }));

const filters = [
  <SelectArrayInput key="status" source="status" choices={PAYMENT_STATUS_CHOICES} alwaysOn />,
  <TextInput key="member_id" source="member_id" label="Member id" />,
  <SelectInput key="purpose" source="purpose" choices={PURPOSE_CHOICES} />,
  <BooleanInput key="subscription" source="subscription" label="Subscriptions only" />,
  <TextInput key="subscription_id" source="subscription_id" label="Subscription id" />,
];

export const amount = (r: RaRecord) => formatCents(r.amount_cents);
export const card = (r: RaRecord) => (r.card_last4 ? `${String(r.card_brand)} •••• ${String(r.card_last4)}` : '-');

/** Every checkout attempt and renewal; the subscriptions view is the `subscription` filter. */
export function PaymentList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} filters={filters} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <ClubDateField source="created_at" showTime label="Created" />
        <ReferenceField source="member_id" reference="members" label="Member" link="show" />
        <TextField source="purpose" />
        <TextField source="tier_code" label="Tier" emptyText="-" />
        <FunctionField source="amount_cents" label="Amount" render={amount} />
        <TextField source="status" />
        <TextField source="failure_reason" label="Reason" emptyText="-" sortable={false} />
        <FunctionField label="Card" render={card} />
        <TextField source="subscription_id" label="Subscription" emptyText="-" sortable={false} />
      </Datagrid>
    </List>
  );
}
