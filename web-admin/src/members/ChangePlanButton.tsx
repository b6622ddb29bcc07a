import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { postAction } from '../dataProvider';

interface StartedPlanChange {
  readonly payment_url: string;
}

/**
 * Change the plan on the member's behalf (issue 14): staff pick another published, visible tier and
 * give a reason; the server starts the same upgrade checkout the member's own upgrade does. The plan
 * changes when the member pays, so the dialog ends on the payment link to send them.
 */
export function ChangePlanButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [tier, setTier] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const { data: tiers = [] } = useGetList('memberships', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'sort', order: 'ASC' },
    filter: { status: 'published' },
  }, { enabled: open });
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  // A paid monthly plan the member does not hold; a free plan has nothing to pay, a single entry is bought.
  const choices = tiers.filter((t) => t.visible === true && t.type === 'monthly-subscription' && t.id !== record.membership_id);
  const close = () => {
    setOpen(false);
    setTier('');
    setReason('');
    setLink(null);
  };
  const submit = async () => {
    setBusy(true);
    try {
      const started = await postAction<StartedPlanChange>(`/members/${encodeURIComponent(String(record.id))}/change-plan`, { membership_id: Number(tier), reason: reason.trim() });
      setLink(started.payment_url);
      notify('Plan change started: send the member the payment link', { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Changing the plan failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Change plan
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="support-change-plan-title" fullWidth maxWidth="sm">
        <DialogTitle id="support-change-plan-title">Change plan</DialogTitle>
        <DialogContent>
          {link ? (
            <Alert severity="success">
              The new plan starts when the member pays. Send them this link: <Link href={link} target="_blank" rel="noreferrer" data-testid="plan-payment-link">{link}</Link>
            </Alert>
          ) : (
            <>
              <DialogContentText>Starts the member&apos;s upgrade checkout for the plan you pick, as their own upgrade does; nothing changes until they pay.</DialogContentText>
              <MuiTextField select label="New plan" value={tier} onChange={(e) => setTier(e.target.value)} fullWidth margin="dense">
                {choices.map((t) => (
                  <MenuItem key={String(t.id)} value={String(t.id)}>
                    {String(t.tier)} (${Number(t.price).toFixed(2)} a month)
                  </MenuItem>
                ))}
              </MuiTextField>
              <MuiTextField label="Reason" helperText="Required: kept in the member's history" value={reason} onChange={(e) => setReason(e.target.value)} fullWidth margin="dense" />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{link ? 'Done' : 'Cancel'}</Button>
          {!link && (
            <Button variant="contained" disabled={busy || tier === '' || reason.trim().length < 3} onClick={() => void submit()}>
              Start checkout
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
