import { ArrayField, Datagrid, NumberField, ReferenceField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { EventHistory } from '../events/EventHistory';

export function TeamShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <ReferenceField source="captain_id" reference="members" label="Captain" link="show" />
        <TextField source="captain_email" label="Captain email" />
        <TextField source="status" />
        <ClubDateField source="started_at" showTime label="Started" />
        <ClubDateField source="completed_at" showTime label="Completed" emptyText="-" />
        <NumberField source="paid_mates" label="Paid mates" />
        <ArrayField source="members" label="Members">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="role" />
            <TextField source="name" emptyText="-" />
            <TextField source="email" />
            <TextField source="status" label="Payment state" />
            <ClubDateField source="expires_at" showTime label="Invite expires" emptyText="-" />
            <ClubDateField source="paid_at" showTime label="Paid" emptyText="-" />
            <TextField source="payment_id" label="Payment" emptyText="-" />
            <ClubDateField source="benefit_until" showTime label="Benefits until" emptyText="-" />
            <ClubDateField source="refunded_at" showTime label="Refunded" emptyText="-" />
            <TextField source="refund_reason" label="Refund reason" emptyText="-" />
          </Datagrid>
        </ArrayField>
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
