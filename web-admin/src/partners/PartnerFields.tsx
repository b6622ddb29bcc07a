import { BooleanInput, NumberInput, required, SelectInput, TextInput } from 'react-admin';
import { ReasonInput } from '../memberships/MembershipFields';
import { CATEGORY_CHOICES, STATUS_CHOICES } from './choices';

/** A partner's editable fields; the logo is a path the app serves (a media picker may replace this input). */
export function PartnerFields() {
  return (
    <>
      <TextInput source="name" validate={required()} />
      <TextInput source="logo" validate={required()} helperText="A path served by the app, for example /partners/fairway-gear.svg" />
      <SelectInput source="category" choices={CATEGORY_CHOICES} validate={required()} />
      <SelectInput source="status" choices={STATUS_CHOICES} validate={required()} defaultValue="draft" />
      <NumberInput source="sort" validate={required()} step={1} min={0} defaultValue={100} />
      <BooleanInput source="sample" label="Illustrative sample (shown to members as such)" defaultValue={false} />
      <ReasonInput />
    </>
  );
}
