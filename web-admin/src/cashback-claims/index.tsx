import GolfCourseIcon from '@mui/icons-material/GolfCourse';
import { Box, Chip, Grid } from '@mui/material';
import { useState } from 'react';
import { Datagrid, DateField, FunctionField, List, SelectInput, Show, SimpleShowLayout, TextField, WithRecord, type RaRecord } from 'react-admin';
import { EventHistory } from '../events/EventHistory';
import { ClaimDecision, DecidingContext } from './ClaimDecision';
import { ReceiptPreview } from './ReceiptPreview';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';

const sydney = { timeZone: CLUB_TIME_ZONE };
const dollars = (cents: unknown) => (typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '-');
const STATUS_CHOICES = ['submitted', 'approved', 'declined', 'paid', 'reversed'].map((id) => ({ id, name: id }));

const StatusField = () => (
  <FunctionField
    label="Status"
    render={(r: RaRecord) => (
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <span>{String(r.status)}</span>
        {r.overdue === true && <Chip size="small" color="error" label="Overdue" />}
      </Box>
    )}
  />
);

function ClaimList() {
  return (
    <List
      sort={{ field: 'submitted_at', order: 'ASC' }}
      filters={[<SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />]}
      filterDefaultValues={{ status: 'submitted' }}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="submitted_at" showTime label={`Submitted (${CLUB_TIME_ZONE})`} options={sydney} />
        <TextField source="member_name" label="Member" />
        <TextField source="course" />
        <TextField source="played_on" label="Played on" />
        <FunctionField label="Amount" render={(r: RaRecord) => dollars(r.amount_cents)} />
        <StatusField />
      </Datagrid>
    </List>
  );
}

/** The claim and its receipt side by side, with the decision buttons; the receipt's PDF waits while a decision dialog is open. */
function ClaimShow() {
  const [deciding, setDeciding] = useState(false);
  return (
    <DecidingContext.Provider value={setDeciding}>
      <ClaimShowView holdReceipt={deciding} />
    </DecidingContext.Provider>
  );
}

function ClaimShowView({ holdReceipt }: { holdReceipt: boolean }) {
  return (
    <Show>
      <Grid container spacing={2} sx={{ p: 2 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <SimpleShowLayout sx={{ p: 0 }}>
            <TextField source="member_name" label="Member" />
            <TextField source="member_email" label="Email" />
            <TextField source="course" />
            <TextField source="played_on" label="Played on" />
            <FunctionField label="Amount on receipt" render={(r: RaRecord) => dollars(r.amount_cents)} />
            <FunctionField label="Tier maximum" render={(r: RaRecord) => dollars(r.maximum_cents)} />
            <FunctionField label="Payout" render={(r: RaRecord) => dollars(r.payout_cents)} />
            <StatusField />
            <TextField source="decline_reason" emptyText="-" />
            <DateField source="submitted_at" showTime label={`Submitted (${CLUB_TIME_ZONE})`} options={sydney} />
            <DateField source="decision_due_by" showTime label={`Decision due (${CLUB_TIME_ZONE})`} options={sydney} />
            <TextField source="receipt_sha256" label="Receipt SHA-256" />
            <ClaimDecision />
          </SimpleShowLayout>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <WithRecord render={(r) => <ReceiptPreview url={String(r.receipt_url)} type={String(r.receipt_type)} holdFrame={holdReceipt} />} />
        </Grid>
        <Grid size={12}>
          <SimpleShowLayout sx={{ p: 0 }}>
            <EventHistory />
          </SimpleShowLayout>
        </Grid>
      </Grid>
    </Show>
  );
}

export default {
  list: ClaimList,
  show: ClaimShow,
  icon: GolfCourseIcon,
  recordRepresentation: (r: RaRecord) => `${String(r.course)} ${String(r.played_on)}`,
};
