import { BooleanInput, NumberInput, required, SelectInput, TextInput } from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { MediaInput } from '../media/MediaInput';
import { CATEGORY_CHOICES, STATUS_CHOICES } from './choices';

/** A partner's editable fields; the logo is uploaded (resized to the chip the member console shows) or kept as a served path. */
export function PartnerFields() {
  return (
    <>
      <TextInput source="name" validate={required()} />
      <MediaInput source="logo" label="Logo" kind="partner" variant="logo" emptyValue="" />
      <SelectInput source="category" choices={CATEGORY_CHOICES} validate={required()} />
      <SelectInput source="status" choices={STATUS_CHOICES} validate={required()} defaultValue="draft" />
      <NumberInput source="sort" validate={required()} step={1} min={0} defaultValue={100} />
      <BooleanInput source="sample" label="Illustrative sample (shown to members as such)" defaultValue={false} />
      <ReasonInput />
    </>
  );
}
