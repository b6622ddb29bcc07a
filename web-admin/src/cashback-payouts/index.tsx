import PaymentsIcon from '@mui/icons-material/Payments';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  ReferenceField,
  SelectInput,
  TextField,
  TopToolbar,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { session } from '../auth/session';
import { cashbackPayoutSchema } from '@roar/contracts/cashback';
import { parseAnswer, postAction } from '../dataProvider';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';

const sydney = { timeZone: CLUB_TIME_ZONE };
const STATUS_CHOICES = ['scheduled', 'paid', 'reversed'].map((id) => ({ id, name: id }));

/** Downloads the ledger as CSV for the bank (fetched with the staff token, saved from a blob). */
function ExportCsv() {
  const notify = useNotify();
  const download = async () => {
    const token = session.token();
    const r = await fetch('/api/admin/cashback-payouts/export?status=scheduled', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!r.ok) return notify('The export failed', { type: 'error' });
    const url = URL.createObjectURL(await r.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = 'cashback-payouts-scheduled.csv';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Button variant="outlined" onClick={() => void download()}>
      Export scheduled payouts (CSV)
    </Button>
  );
}

/** Mark a scheduled payout paid (with the bank reference) or reverse it; each with a reason. */
function PayoutActions() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<'paid' | 'reverse' | null>(null);
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  if (!record || record.status === 'reversed' || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const run = async () => {
    try {
      const path = `/cashback-payouts/${encodeURIComponent(String(record.id))}/${pending}`;
      const body = { reason: reason.trim(), ...(pending === 'paid' ? { bank_reference: reference.trim() } : {}) };
      parseAnswer(cashbackPayoutSchema, await postAction(path, body), `the payout ${pending}`);
      setPending(null);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The action failed', { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1 }} onClick={(e) => e.stopPropagation()}>
      {record.status === 'scheduled' && (
        <Button size="small" onClick={() => setPending('paid')}>
          Mark paid
        </Button>
      )}
      <Button size="small" color="error" onClick={() => setPending('reverse')}>
        Reverse
      </Button>
      <Dialog open={pending !== null} onClose={() => setPending(null)}>
        <DialogTitle>{pending === 'paid' ? 'Mark payout paid' : 'Reverse payout'}</DialogTitle>
        <DialogContent>
          {pending === 'paid' && (
            <MuiTextField label="Bank reference" value={reference} onChange={(e) => setReference(e.target.value)} fullWidth margin="dense" />
          )}
          <MuiTextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            margin="dense"
            helperText="Recorded in the event log"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={reason.trim().length < 3 || (pending === 'paid' && reference.trim() === '')}
            onClick={() => void run()}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function PayoutList() {
  return (
    <List
      sort={{ field: 'scheduled_at', order: 'DESC' }}
      filters={[<SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />]}
      actions={
        <TopToolbar>
          <ExportCsv />
        </TopToolbar>
      }
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="scheduled_at" showTime label={`Scheduled (${CLUB_TIME_ZONE})`} options={sydney} />
        <ReferenceField source="claim_id" reference="cashback-claims" link="show" label="Claim" />
        <FunctionField label="Amount" render={(r: RaRecord) => `$${(Number(r.amount_cents) / 100).toFixed(2)}`} />
        <TextField source="status" />
        <TextField source="bank_reference" emptyText="-" />
        <DateField source="paid_at" showTime label={`Paid (${CLUB_TIME_ZONE})`} options={sydney} emptyText="-" />
        <TextField source="reason" emptyText="-" />
        <PayoutActions />
      </Datagrid>
    </List>
  );
}

export default { list: PayoutList, icon: PaymentsIcon };
