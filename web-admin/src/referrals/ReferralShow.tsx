import { NumberField, ReferenceField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { EventHistory } from '../events/EventHistory';

export function ReferralShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <ReferenceField source="referrer_id" reference="members" label="Referrer" link="show" />
        <TextField source="referrer_email" label="Referrer email" emptyText="-" />
        <ReferenceField source="referee_id" reference="members" label="Referred member" link="show" />
        <TextField source="referee_email" label="Referred member email" emptyText="-" />
        <TextField source="referral_code" label="Code" />
        <TextField source="status" />
        <TextField source="tier_code" label="Tier paid" emptyText="-" />
        <NumberField source="referrer_entries" label="Referrer entries" emptyText="-" />
        <NumberField source="referee_entries" label="Referee entries" emptyText="-" />
        <TextField source="payment_id" label="Payment" emptyText="-" />
        <TextField source="void_reason" label="Void reason" emptyText="-" />
        <ClubDateField source="recorded_at" showTime label="Recorded" />
        <ClubDateField source="granted_at" showTime label="Granted" emptyText="-" />
        <ClubDateField source="voided_at" showTime label="Voided" emptyText="-" />
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}
