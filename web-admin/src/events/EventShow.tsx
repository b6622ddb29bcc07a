import { Box } from '@mui/material';
import { FunctionField, Labeled, NumberField, Show, SimpleShowLayout, TextField, type RaRecord } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';

function Json({ value }: { value: unknown }) {
  return (
    <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: 13 }}>
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

/** One event as the auditor needs it: what happened (payload) and who, why and when (metadata). */
export function EventShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" label="Event id" />
        <TextField source="event_type" label="Type" />
        <TextField source="stream_id" label="Stream" />
        <NumberField source="revision" />
        <TextField source="position" />
        <ClubDateField source="occurred_at" showTime label="Occurred" />
        <ClubDateField source="recorded_at" showTime label="Recorded" />
        <TextField source="actor" />
        <TextField source="reason" emptyText="-" />
        <FunctionField label="Payload" render={(r: RaRecord) => <Json value={r.payload} />} />
        <Labeled label="Metadata">
          <FunctionField render={(r: RaRecord) => <Json value={r.metadata} />} />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
