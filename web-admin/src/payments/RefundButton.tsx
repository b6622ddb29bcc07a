import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { postAction } from '../dataProvider';
import { waitingNotice } from '../approvals/waiting';

/**
 * Refund a paid payment in full (admins only; the API refuses everyone else too). The refund is
 * asked of the payment provider; what it undoes (a referral bonus) follows from its webhook, so the
 * page shows the new state on the next refresh rather than at once.
 */
export function RefundButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || permissions !== 'admin' || record.status !== 'paid') return null;
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await postAction(`/payments/${encodeURIComponent(String(record.id))}/refund`, { reason: reason.trim() });
      notify(waitingNotice(answer) ?? 'Refund requested: the provider confirms it by webhook', { type: 'info' });
      setOpen(false);
      setReason('');
      setTimeout(refresh, 1000);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The refund failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
        Refund
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="refund-title">
        <DialogTitle id="refund-title">Refund this payment</DialogTitle>
        <DialogContent>
          <MuiTextField
            label="Reason"
            helperText="Required: shown in the event log"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" color="warning" disabled={reason.trim().length < 3 || busy} onClick={() => void submit()}>
            Refund in full
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
