import { ArrayInput, BooleanInput, maxLength, minLength, NumberInput, required, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { STATUS_CHOICES, TYPE_CHOICES } from './choices';

const int = { step: 1, min: 0 };

/** The tier's editable fields, shared by edit and create. Money is entered in dollars. */
export function MembershipFields({ creating = false }: { creating?: boolean }) {
  return (
    <>
      {creating ? <NumberInput source="id" label="Membership id" validate={required()} {...int} /> : null}
      <TextInput source="tier" validate={required()} />
      <TextInput source="code" validate={required()} disabled={!creating} helperText="lower-case letters, digits and dashes" />
      <SelectInput source="status" choices={STATUS_CHOICES} validate={required()} />
      <SelectInput source="type" choices={TYPE_CHOICES} validate={required()} />
      <NumberInput source="sort" validate={required()} {...int} />
      <BooleanInput source="visible" />
      <TextInput source="colour" validate={required()} helperText="#rrggbb" />
      <TextInput source="icon" defaultValue="" />
      <NumberInput source="price" label="Price (AUD)" validate={required()} step={0.01} min={0} />
      <NumberInput source="initial_tickets" validate={required()} {...int} />
      <NumberInput source="cumulative_tickets" validate={required()} {...int} />
      <BooleanInput source="bonus_draws" />
      <BooleanInput source="weekly_draws" />
      <BooleanInput source="rewards_access" />
      <BooleanInput source="shop_access" />
      <NumberInput source="referee_entries" validate={required()} {...int} />
      <NumberInput source="referrer_entries" validate={required()} {...int} />
      <NumberInput source="rewards_days" validate={required()} {...int} />
      <NumberInput source="cashback_maximum_value" label="Cashback maximum (AUD)" validate={required()} step={0.01} min={0} />
      <TextInput source="stripe_id" label="Stripe price id" parse={(v: string) => (v === '' ? null : v)} />
      <ArrayInput source="items" label="Benefits">
        <SimpleFormIterator inline>
          <TextInput source="title" validate={required()} fullWidth />
        </SimpleFormIterator>
      </ArrayInput>
      <ReasonInput />
    </>
  );
}

/** Every staff change is recorded with its reason in the event's metadata. */
export function ReasonInput() {
  return (
    <TextInput
      source="reason"
      label="Reason"
      multiline
      fullWidth
      defaultValue=""
      helperText="Why this change? Recorded in the event log."
      validate={[required(), minLength(3), maxLength(500)]}
    />
  );
}
