import { Chip } from '@mui/material';
import { Datagrid, FunctionField, List, SelectInput, TextField, type RaRecord } from 'react-admin';
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

/** Every drawn prize's claim (issue 22): the winner, the claim-by date and days left, and what waits on staff. */
export function PrizeClaimList() {
  return (
    <List filters={filters} sort={{ field: 'claim_by', order: 'ASC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={(id) => `/prizes/${encodeURIComponent(String(id))}/show`}>
        <TextField source="prize_title" label="Prize" />
        <TextField source="winner_name" label="Winner" sortable={false} />
        <TextField source="claimed_state" label="State" emptyText="-" sortable={false} />
        <FunctionField
          label="Claim state"
          source="claim_state"
          render={(r: RaRecord) => <Chip size="small" label={String(r.claim_state)} color={r.claim_state === 'awarded' ? 'success' : 'default'} />}
        />
        <ClubDateField source="claim_by" label="Claim by" emptyText="-" />
        <FunctionField label="Days left" source="days_left" render={daysLeft} />
        <FunctionField
          label="Waiting on staff"
          source="waiting_on_staff"
          render={(r: RaRecord) => (r.waiting_on_staff ? <strong>{STEP_LABELS[String(r.waiting_on_staff)]}</strong> : '-')}
        />
        <FunctionField label="Actions" render={() => <ClaimActions />} />
      </Datagrid>
    </List>
  );
}
