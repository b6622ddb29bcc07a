import { Datagrid, List, NumberField, ReferenceField, SelectArrayInput, TextField, TextInput } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';

export const TEAM_STATUS_CHOICES = ['open', 'complete'].map((id) => ({ id, name: id }));

const filters = [
  <TextInput key="q" source="q" label="Search member email" alwaysOn />,
  <SelectArrayInput key="status" source="status" choices={TEAM_STATUS_CHOICES} alwaysOn />,
  <TextInput key="member_id" source="member_id" label="Member id" />,
  <TextInput key="captain_id" source="captain_id" label="Captain id" />,
];

/** Teams of the team draw: captain, paid mates, completion. */
export function TeamList() {
  return (
    <List sort={{ field: 'started_at', order: 'DESC' }} filters={filters} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <ClubDateField source="started_at" showTime label="Started" />
        <ReferenceField source="captain_id" reference="members" label="Captain" link="show" />
        <TextField source="status" />
        <NumberField source="paid_mates" label="Paid mates" />
        <ClubDateField source="completed_at" showTime label="Completed" emptyText="-" />
      </Datagrid>
    </List>
  );
}
