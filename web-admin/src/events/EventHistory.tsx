import { ArrayField, Datagrid, TextField } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';

/** The events behind a member, a referral or a team, each linking to the event log. */
export function EventHistory({ source = 'events', label = 'Events' }: { source?: string; label?: string | false }) {
  return (
    <ArrayField source={source} label={label}>
      <Datagrid bulkActionButtons={false} rowClick={(id) => `/events/${String(id)}/show`}>
        <ClubDateField source="occurred_at" showTime label="Occurred" />
        <TextField source="event_type" label="Type" />
        <TextField source="stream_id" label="Stream" />
        <TextField source="actor" />
        <TextField source="reason" emptyText="-" />
      </Datagrid>
    </ArrayField>
  );
}
