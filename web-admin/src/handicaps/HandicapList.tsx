import { Datagrid, DateField, List, NumberField, SelectInput, TextField, TextInput } from 'react-admin';

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'submitted', name: 'Waiting for review' },
      { id: 'approved', name: 'Approved' },
      { id: 'rejected', name: 'Rejected' },
      { id: 'draft', name: 'Draft' },
    ]}
  />,
  <SelectInput
    key="type"
    source="type"
    choices={[
      { id: 'create', name: 'New handicap' },
      { id: 'transfer', name: 'Transfer' },
    ]}
  />,
  <TextInput key="q" source="q" label="Search name or Golf Link" />,
];

/** The review queue: submitted requests and transfers, oldest first. */
export function HandicapList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'submitted' }} sort={{ field: 'submitted_at', order: 'ASC' }} title="Handicap requests">
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="first_name" />
        <TextField source="last_name" />
        <TextField source="type" />
        <TextField source="status" />
        <TextField source="previous_golf_club" emptyText="-" />
        <TextField source="golf_link_number" emptyText="-" />
        <NumberField source="handicap" label="Official" emptyText="-" />
        <NumberField source="computed_index" label="Computed" emptyText="-" />
        <DateField source="submitted_at" showTime emptyText="-" />
      </Datagrid>
    </List>
  );
}
