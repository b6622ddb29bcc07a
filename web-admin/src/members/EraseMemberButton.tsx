import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { ERASURE_DELETED, ERASURE_KEPT, ERASURE_PENDING } from '@roar/contracts/erasure';
import { postAction } from '../dataProvider';
import { ReasonDialog } from '../ui/ReasonDialog';
import { useStaffCommand } from '../ui/useStaffCommand';
import { isErasedMember } from './erased';

/**
 * "Erase personal data (member's written request)" (issue 24), for admins: the dialog shows what is
 * deleted and what is kept and why (the privacy policy's words) before staff confirm, and asks for
 * the written request's reference. Under four-eyes it becomes a request another staff user approves.
 */
export function EraseMemberButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, run } = useStaffCommand();
  if (!record || permissions !== 'admin' || isErasedMember(record)) return null;
  const submit = () =>
    run(async () => {
      const answer = await postAction<{ waiting_for_approval?: boolean }>(`/members/${encodeURIComponent(String(record.id))}/erase`, {
        reason: reason.trim(),
      });
      notify(answer.waiting_for_approval ? 'Erasure requested: another staff user must approve it (Approvals).' : 'Personal data erased', {
        type: 'info',
      });
      setOpen(false);
      setReason('');
      refresh();
    }, 'Erasure failed');
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Erase personal data (member&apos;s written request)
      </Button>
      <ReasonDialog
        open={open}
        id="erase-member-title"
        title="Erase personal data (member's written request)"
        text="Only on the member's own written request. It cannot be undone: the member is signed out, cannot sign in again, and is emailed that it is done."
        label="Written request: reference and reason"
        helperText="Required. Kept in the log for good: give the request's reference, never the member's name or address."
        reason={reason}
        onReason={setReason}
        busy={busy}
        width="md"
        confirmLabel="Erase personal data"
        confirmColour="error"
        onCancel={() => setOpen(false)}
        onConfirm={() => void submit()}
      >
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">What is deleted</Typography>
          <ul>
            {ERASURE_DELETED.map((d) => (
              <li key={d}>
                <Typography variant="body2">{d}</Typography>
              </li>
            ))}
          </ul>
          <Typography variant="subtitle2">What is kept, and why</Typography>
          <ul>
            {ERASURE_KEPT.map((k) => (
              <li key={k.what}>
                <Typography variant="body2">
                  {k.what}: {k.howLong}. {k.why}
                </Typography>
              </li>
            ))}
          </ul>
          <Typography variant="subtitle2">Things in progress</Typography>
          <ul>
            {ERASURE_PENDING.map((p) => (
              <li key={p}>
                <Typography variant="body2">{p}</Typography>
              </li>
            ))}
          </ul>
        </Box>
      </ReasonDialog>
    </>
  );
}
