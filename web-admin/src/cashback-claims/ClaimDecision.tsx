import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { postAction } from '../dataProvider';

type Decision = 'approve' | 'decline';

/** Approve or decline a submitted claim; each decision is a command with the staff user and a reason. */
export function ClaimDecision() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'submitted' || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const run = async (decision: Decision) => {
    setBusy(true);
    try {
      await postAction(`/cashback-claims/${encodeURIComponent(String(record.id))}/${decision}`, { reason: reason.trim() });
      notify(decision === 'approve' ? 'Claim approved' : 'Claim declined', { type: 'info' });
      setPending(null);
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The decision failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
      <Button variant="contained" color="success" onClick={() => setPending('approve')}>
        Approve
      </Button>
      <Button variant="outlined" color="error" onClick={() => setPending('decline')}>
        Decline
      </Button>
      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="claim-decision-title">
        <DialogTitle id="claim-decision-title">{pending === 'approve' ? 'Approve claim' : 'Decline claim'}</DialogTitle>
        <DialogContent>
          <MuiTextField
            label="Reason"
            helperText={pending === 'decline' ? 'The member reads this reason' : 'Recorded in the event log'}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>Cancel</Button>
          <Button variant="contained" disabled={busy || reason.trim().length < 3} onClick={() => pending && void run(pending)}>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
