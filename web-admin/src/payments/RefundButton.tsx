import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { postAction } from '../dataProvider';
import { waitingNotice } from '../approvals/waiting';
import { REASON_IN_EVENT_LOG, ReasonDialog } from '../ui/ReasonDialog';
import { useStaffCommand } from '../ui/useStaffCommand';

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
  const { busy, run } = useStaffCommand();
  if (!record || permissions !== 'admin' || record.status !== 'paid') return null;
  const submit = () =>
    run(async () => {
      const answer = await postAction(`/payments/${encodeURIComponent(String(record.id))}/refund`, { reason: reason.trim() });
      notify(waitingNotice(answer) ?? 'Refund requested: the provider confirms it by webhook', { type: 'info' });
      setOpen(false);
      setReason('');
      setTimeout(refresh, 1000);
    }, 'The refund failed');
  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setOpen(true)}>
        Refund
      </Button>
      <ReasonDialog
        open={open}
        id="refund-title"
        title="Refund this payment"
        helperText={REASON_IN_EVENT_LOG}
        reason={reason}
        onReason={setReason}
        busy={busy}
        confirmLabel="Refund in full"
        confirmColour="warning"
        onCancel={() => setOpen(false)}
        onConfirm={() => void submit()}
      />
    </>
  );
}
