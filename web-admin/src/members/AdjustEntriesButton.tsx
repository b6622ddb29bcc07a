import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { postAction } from '../dataProvider';
import { waitingNotice } from '../approvals/waiting';

/**
 * Grant (positive) or revoke (negative) entries: a command with a mandatory reason, recorded
 * with the staff member as actor. Auditors do not see the button (the API refuses them too).
 */
export function AdjustEntriesButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const n = Number(count);
  const valid = Number.isInteger(n) && n !== 0 && count.trim() !== '' && reason.trim().length >= 3;
  const submit = async () => {
    setBusy(true);
    try {
      const result = await postAction<{ total: number }>('/entry-adjustments', { memberId: String(record.id), count: n, reason: reason.trim() });
      notify(waitingNotice(result) ?? `Entries adjusted: the member now has ${result.total}`, { type: 'info' });
      setOpen(false);
      setCount('');
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The adjustment failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Adjust entries
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="adjust-entries-title">
        <DialogTitle id="adjust-entries-title">Adjust entries</DialogTitle>
        <DialogContent>
          <MuiTextField
            label="Entries"
            helperText="Positive to grant, negative to revoke"
            type="number"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            fullWidth
            margin="dense"
          />
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
          <Button variant="contained" disabled={!valid || busy} onClick={() => void submit()}>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
