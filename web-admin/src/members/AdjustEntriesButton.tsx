import { Button, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { postAction } from '../dataProvider';
import { waitingNotice } from '../approvals/waiting';
import { REASON_IN_EVENT_LOG, ReasonDialog } from '../ui/ReasonDialog';
import { useStaffCommand } from '../ui/useStaffCommand';

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
  const { busy, run } = useStaffCommand();
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const n = Number(count);
  const countValid = Number.isInteger(n) && n !== 0 && count.trim() !== '';
  const submit = () =>
    run(async () => {
      const result = await postAction<{ total: number }>('/entry-adjustments', { memberId: String(record.id), count: n, reason: reason.trim() });
      notify(waitingNotice(result) ?? `Entries adjusted: the member now has ${result.total}`, { type: 'info' });
      setOpen(false);
      setCount('');
      setReason('');
      refresh();
    }, 'The adjustment failed');
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Adjust entries
      </Button>
      <ReasonDialog
        open={open}
        id="adjust-entries-title"
        title="Adjust entries"
        helperText={REASON_IN_EVENT_LOG}
        reason={reason}
        onReason={setReason}
        ready={countValid}
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => void submit()}
      >
        <MuiTextField
          label="Entries"
          helperText="Positive to grant, negative to revoke"
          type="number"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          fullWidth
          margin="dense"
        />
      </ReasonDialog>
    </>
  );
}
