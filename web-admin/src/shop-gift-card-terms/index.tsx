import GavelIcon from '@mui/icons-material/Gavel';
import {
  BooleanField,
  Create,
  Datagrid,
  DateInput,
  List,
  NumberField,
  NumberInput,
  SimpleForm,
  TextField,
  TextInput,
  minValue,
  required,
} from 'react-admin';

/** Every dated version of the gift card expiry terms, newest first; the one in force is marked. */
function TermsList() {
  return (
    <List sort={{ field: 'effective_from', order: 'DESC' }} pagination={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="effective_from" label="From (club day)" />
        <NumberField source="expiry_months" label="Valid for (months)" />
        <NumberField source="legal_minimum_months" label="Legal minimum (months)" />
        <TextField source="source" />
        <BooleanField source="in_force" label="In force" />
      </Datagrid>
    </List>
  );
}

const toBody = (d: Record<string, unknown>) => ({
  expiry_months: Number(d.expiry_months),
  legal_minimum_months: Number(d.legal_minimum_months),
  effective_from: String(d.effective_from ?? '').slice(0, 10),
  source: String(d.source ?? '').trim(),
  reason: d.reason,
});

/**
 * A new version from its effective date. Australian Consumer Law: a gift card is valid for at least
 * 3 years and carries no fees after sale; the server refuses a period under the legal minimum.
 */
function TermsCreate() {
  return (
    <Create transform={toBody} redirect="list">
      <SimpleForm defaultValues={{ expiry_months: 36, legal_minimum_months: 36 }}>
        <NumberInput source="expiry_months" label="Valid for (months)" validate={[required(), minValue(1)]} helperText="At least the legal minimum" />
        <NumberInput source="legal_minimum_months" label="Legal minimum (months)" validate={[required(), minValue(1)]} />
        <DateInput
          source="effective_from"
          label="Effective from"
          validate={required()}
          helperText="Cards issued from this club day take this period"
        />
        <TextInput source="source" validate={required()} fullWidth helperText="The Act and section, or the club decision" />
        <TextInput source="reason" validate={required()} fullWidth />
      </SimpleForm>
    </Create>
  );
}

export default { list: TermsList, create: TermsCreate, icon: GavelIcon, recordRepresentation: 'effective_from' };
