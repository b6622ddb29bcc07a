import { Stack, Typography } from '@mui/material';
import {
  ArrayField,
  Datagrid,
  FunctionField,
  Labeled,
  NumberField,
  Show,
  Tab,
  TabbedShowLayout,
  TextField,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { ledgerTicketRange } from '../ui/display';
import { formatCents } from '../memberships/MembershipList';
import { AdjustEntriesButton } from './AdjustEntriesButton';
import { SupportTab } from './SupportTab';
import { ControlsTab } from './ControlsTab';
import { EditResidenceButton } from './EditResidenceButton';
import { EventHistory } from '../events/EventHistory';
import { isErasedMember } from './erased';

const tickets = (r: RaRecord) => ledgerTicketRange(r.first_ticket as number | null, r.last_ticket as number | null);

/** The profile, or for an erased member (issue 24) "Erased member" and no personal field at all. */
function MemberProfile() {
  const record = useRecordContext();
  if (isErasedMember(record)) {
    return (
      <Stack spacing={1}>
        <Typography variant="h6" data-testid="member-erased">
          Erased member
        </Typography>
        <Labeled label="Id">
          <TextField source="id" />
        </Labeled>
        <Typography variant="body2">
          The personal data was erased on the member&apos;s request. Amounts, dates and draw records stay under this id.
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={1}>
      <Labeled label="Id">
        <TextField source="id" />
      </Labeled>
      <Labeled label="Email">
        <TextField source="email" />
      </Labeled>
      <Labeled label="First name">
        <TextField source="firstname" />
      </Labeled>
      <Labeled label="Last name">
        <TextField source="lastname" />
      </Labeled>
      <Labeled label="Mobile">
        <TextField source="mobile" emptyText="-" />
      </Labeled>
      <Labeled label="State or territory">
        <TextField source="state" emptyText="-" />
      </Labeled>
      <Labeled label="Date of birth">
        <TextField source="dob" emptyText="-" />
      </Labeled>
      <Labeled label="Address">
        <TextField source="address" emptyText="-" />
      </Labeled>
      <Labeled label="Account">
        <TextField source="status" />
      </Labeled>
      <Labeled label="Referral code">
        <TextField source="referral_code" />
      </Labeled>
      <Labeled label="Registered">
        <ClubDateField source="registered_at" showTime />
      </Labeled>
      <EditResidenceButton />
    </Stack>
  );
}

/** One member for staff: profile, plan, the entries ledger with ticket numbers, payments, history. */
export function MemberShow() {
  return (
    <Show>
      <TabbedShowLayout>
        <Tab label="Profile">
          <MemberProfile />
        </Tab>
        <Tab label="Plan" path="plan">
          <TextField source="membership_tier" label="Plan" emptyText="-" />
          <TextField source="membership_code" label="Code" emptyText="-" />
          <TextField source="membership_type" label="Type" emptyText="-" />
          <TextField source="membership_status" label="Plan status" />
          <ClubDateField source="membership_end_date" label="Plan ends" emptyText="no end" />
          <TextField source="subscription_id" label="Subscription" emptyText="-" />
        </Tab>
        <Tab label="Entries" path="entries">
          <NumberField source="entries.total" label="Total entries" />
          <NumberField source="entries.granted" label="Granted" />
          <NumberField source="entries.revoked" label="Revoked" />
          <AdjustEntriesButton />
          <ArrayField source="entries.grants" label="Ledger">
            <Datagrid bulkActionButtons={false} rowClick={false} sx={{ '& td': { whiteSpace: 'nowrap' } }}>
              <ClubDateField source="occurred_at" showTime label="When" />
              <TextField source="source" />
              <NumberField source="count" />
              <FunctionField label="Tickets" render={tickets} />
              <TextField source="tier_code" label="Tier" emptyText="-" />
              <TextField source="reason" emptyText="-" />
            </Datagrid>
          </ArrayField>
        </Tab>
        <Tab label="Payments" path="payments">
          <ArrayField source="payments" label={false}>
            <Datagrid bulkActionButtons={false} rowClick={(id) => `/payments/${encodeURIComponent(String(id))}/show`}>
              <ClubDateField source="created_at" showTime label="Created" />
              <TextField source="purpose" />
              <FunctionField label="Amount" render={(r: RaRecord) => formatCents(r.amount_cents)} />
              <TextField source="status" />
              <FunctionField label="Card" render={(r: RaRecord) => (r.card_last4 ? `${String(r.card_brand)} •••• ${String(r.card_last4)}` : '-')} />
              <TextField source="subscription_id" label="Subscription" emptyText="-" />
            </Datagrid>
          </ArrayField>
        </Tab>
        <Tab label="Support" path="support">
          <SupportTab />
        </Tab>
        <Tab label="Limits" path="limits">
          <ControlsTab />
        </Tab>
        <Tab label="History" path="history">
          <EventHistory source="history" label={false} />
        </Tab>
      </TabbedShowLayout>
    </Show>
  );
}
