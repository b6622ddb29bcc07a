import { BooleanField, BooleanInput, Datagrid, DateField, List, NumberField, SelectInput, TextField, ReferenceField } from 'react-admin';

const filters = [
  <BooleanInput key="overdue" source="overdue" label="Unattested past deadline" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={[
      { id: 'submitted', name: 'Waiting for marker' },
      { id: 'attested', name: 'Attested' },
      { id: 'voided', name: 'Voided' },
    ]}
  />,
];

export function ScorecardList() {
  return (
    <List filters={filters} sort={{ field: 'submitted_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="played_on" />
        <ReferenceField source="member_id" reference="members" label="Member" link={false} />
        <TextField source="course_name" />
        <TextField source="tee_name" />
        <NumberField source="gross" />
        <NumberField source="differential" emptyText="-" />
        <TextField source="status" />
        <TextField source="marker_email" />
        <DateField source="attest_by" showTime />
        <BooleanField source="overdue" label="Flagged" />
      </Datagrid>
    </List>
  );
}
