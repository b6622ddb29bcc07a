import { Box, Card, CardContent, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, RecordContextProvider, SelectInput, TextField, useListContext, type RaRecord } from 'react-admin';
import { formatClubDate } from '../ui/display';
import { PRIZE_CLAIM_STATES } from '@roar/contracts/prize-claims';
import { ClubDateField } from '../ui/ClubDateField';
import { ClaimActions } from './ClaimActions';

const STATE_CHOICES = PRIZE_CLAIM_STATES.map((id) => ({ id, name: id }));
const WAITING_CHOICES = [
  { id: 'true', name: 'Waiting on staff' },
  { id: 'false', name: 'Not waiting on staff' },
];
const STEP_LABELS: Record<string, string> = {
  notify: 'Notify the winner',
  verify: 'Verify identity and age',
  award: 'Award the prize',
  redraw: 'Redraw',
};

const filters = [
  <SelectInput key="waiting" source="waiting" label="Waiting" choices={WAITING_CHOICES} alwaysOn />,
  <SelectInput key="claim_state" source="claim_state" label="Claim state" choices={STATE_CHOICES} alwaysOn />,
];

function daysLeft(r: RaRecord): string {
  if (r.days_left === null || r.days_left === undefined) return '-';
  const n = Number(r.days_left);
  return n < 0 ? 'Ended' : n === 1 ? '1 day' : `${n} days`;
}

const StateChip = ({ record }: { record: RaRecord }) => (
  <Chip size="small" label={String(record.claim_state)} color={record.claim_state === 'awarded' ? 'success' : 'default'} />
);

/** On a phone each claim is a card: the table's eight columns need a wide screen. */
function ClaimCards() {
  const { data } = useListContext();
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {(data ?? []).map((record) => (
        <RecordContextProvider key={String(record.id)} value={record}>
          <Card variant="outlined" data-testid="claim-card">
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
              <Typography variant="subtitle1" component="h3">
                {String(record.prize_title)}
              </Typography>
              <Typography variant="body2">
                {String(record.winner_name)}
                {record.claimed_state ? `, ${String(record.claimed_state)}` : ''}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <StateChip record={record} />
                <Typography variant="caption" color="text.secondary">
                  {record.claim_by ? `Claim by ${formatClubDate(record.claim_by) ?? ''}` : ''}
                  {record.days_left !== null ? ` (${daysLeft(record)})` : ''}
                </Typography>
              </Box>
              {record.waiting_on_staff && (
                <Typography variant="body2">
                  <strong>{STEP_LABELS[String(record.waiting_on_staff)]}</strong>
                </Typography>
              )}
              <ClaimActions />
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/** Every drawn prize's claim (issue 22): the winner, the claim-by date and days left, and what waits on staff. */
export function PrizeClaimList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} sort={{ field: 'claim_by', order: 'ASC' }} exporter={false}>
      {phone ? (
        <ClaimCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={(id) => `/prizes/${encodeURIComponent(String(id))}/show`}>
          <TextField source="prize_title" label="Prize" />
          <TextField source="winner_name" label="Winner" sortable={false} />
          <TextField source="claimed_state" label="State" emptyText="-" sortable={false} />
          <FunctionField label="Claim state" source="claim_state" render={(r: RaRecord) => <StateChip record={r} />} />
          <ClubDateField source="claim_by" label="Claim by" emptyText="-" />
          <FunctionField label="Days left" source="days_left" render={daysLeft} />
          <FunctionField
            label="Waiting on staff"
            source="waiting_on_staff"
            render={(r: RaRecord) => (r.waiting_on_staff ? <strong>{STEP_LABELS[String(r.waiting_on_staff)]}</strong> : '-')}
          />
          <FunctionField label="Actions" render={() => <ClaimActions />} />
        </Datagrid>
      )}
    </List>
  );
}
