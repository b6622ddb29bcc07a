import { BooleanInput, DateTimeInput, ReferenceInput, required, SelectInput, TextInput } from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { REDEEM_CHOICES, STATUS_CHOICES } from '../partners/choices';

/** The browser's local date-time becomes an ISO instant for the server; empty means no limit. */
const toInstant = (v: string | null | undefined): string | null => (v ? new Date(v).toISOString() : null);

export function OfferFields({ creating = false }: { creating?: boolean }) {
  return (
    <>
      <ReferenceInput source="partner_id" reference="partners">
        <SelectInput optionText="name" validate={required()} disabled={!creating} />
      </ReferenceInput>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="saving" validate={required()} helperText="As members read it: save 20-30%, save up to 5%" />
      <TextInput source="terms" multiline fullWidth defaultValue="" />
      <SelectInput source="redeem_method" label="How to redeem" choices={REDEEM_CHOICES} validate={required()} defaultValue="code" />
      <TextInput
        source="redeem_value"
        label="Code or https:// link"
        defaultValue=""
        helperText="The code (a code), the partner's https:// link (a link), empty for the member card"
      />
      <DateTimeInput source="starts_at" label="Starts (your time; stored as an instant)" parse={toInstant} />
      <DateTimeInput source="ends_at" label="Ends (your time; stored as an instant)" parse={toInstant} />
      <SelectInput source="status" choices={STATUS_CHOICES} validate={required()} defaultValue="draft" />
      <BooleanInput source="featured" label="Show in the rewards carousel" defaultValue={false} />
      <ReasonInput />
    </>
  );
}
