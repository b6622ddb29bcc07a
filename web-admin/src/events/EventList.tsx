import { Datagrid, DateTimeInput, List, NumberField, TextField, TextInput } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';

const filters = [
  <TextInput key="stream_id" source="stream_id" label="Stream" helperText="exact id, or a prefix ending in *" alwaysOn />,
  <TextInput key="event_type" source="event_type" label="Event type" alwaysOn />,
  <DateTimeInput key="occurred_after" source="occurred_after" label="Occurred after" />,
  <DateTimeInput key="occurred_before" source="occurred_before" label="Occurred before" />,
];

/** Newest first: the log's global position orders every event the store ever accepted. */
export function EventList() {
  return (
    <List sort={{ field: 'position', order: 'DESC' }} filters={filters} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="position" sortable />
        <ClubDateField source="occurred_at" showTime label="Occurred" />
        <TextField source="event_type" label="Type" />
        <TextField source="stream_id" label="Stream" />
        <NumberField source="revision" sortable={false} />
        <TextField source="actor" sortable={false} />
        <TextField source="reason" sortable={false} emptyText="-" />
      </Datagrid>
    </List>
  );
}
