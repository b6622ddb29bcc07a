import { Typography } from '@mui/material';
import { ArrayField, BooleanField, Datagrid, FunctionField, NumberField, Show, Tab, TabbedShowLayout, TextField, type RaRecord } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { drawTicketRange } from '../ui/display';
import { BeaconFields } from './BeaconFields';
import { DrawActions } from './DrawActions';
import { DrawRecords } from './DrawRecords';
import { DrawVerify } from './DrawVerify';
import { EntryList } from './EntryList';
import { WinnerLookup } from './WinnerLookup';
import { SafeHtmlField } from '../ui/SafeHtml';

const mono = { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' } as const;

export function PrizeShow() {
  return (
    <Show>
      <TabbedShowLayout>
        <Tab label="Prize">
          <TextField source="title" />
          <TextField source="slug" />
          <TextField source="status" />
          <TextField source="prize_type_id" label="Type" />
          <ClubDateField source="prize_end_date" label="Entries close" showTime />
          <NumberField source="prize_value" options={{ style: 'currency', currency: 'AUD' }} />
          <TextField source="event_date" emptyText="-" />
          <NumberField source="event_participants" emptyText="-" />
          <TextField source="hero_image" emptyText="-" />
          <SafeHtmlField source="description" kind="rich" />
        </Tab>
        <Tab label="Draw" path="draw">
          <DrawActions />
          <TextField source="draw_status" label="Draw status" />
          <TextField source="draw_method" label="Randomness" emptyText="-" />
          <TextField source="commitment" sx={mono} emptyText="-" />
          <BeaconFields />
          <TextField source="list_hash" label="Entry list SHA-256" sx={mono} emptyText="-" />
          <NumberField source="entrant_count" label="Entrants" />
          <NumberField source="total_tickets" label="Tickets" />
          <TextField source="cutoff_position" label="Event-log cutoff" emptyText="-" />
          <ClubDateField source="as_of" label="Entries counted as of" showTime emptyText="-" />
          <TextField source="randomness" label="Revealed randomness" sx={mono} emptyText="-" />
          <TextField source="seed" sx={mono} emptyText="-" />
          <ArrayField source="winners">
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography variant="body2">No winner drawn yet</Typography>}>
              <NumberField source="k" />
              <FunctionField label="Ticket" render={(r: RaRecord) => drawTicketRange(Number(r.ticket), Number(r.ticket))} />
              <TextField source="entrant_id" sx={mono} />
              <TextField source="member_ids" label="Members" />
              <BooleanField source="notified" />
              <TextField source="claimed_by" emptyText="-" />
              <TextField source="redrawn_reason" label="Redrawn because" emptyText="-" />
            </Datagrid>
          </ArrayField>
          <WinnerLookup />
          <TextField source="winner_display" label="Published as" emptyText="-" />
          <DrawVerify />
        </Tab>
        <Tab label="Entry list" path="entries">
          <EntryList />
        </Tab>
        <Tab label="Records" path="records">
          <DrawRecords />
        </Tab>
      </TabbedShowLayout>
    </Show>
  );
}
