import { Button, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { AU_STATES } from '@roar/contracts/common';
import { postAction } from '../dataProvider';
import { REASON_IN_MEMBER_HISTORY, ReasonDialog } from '../ui/ReasonDialog';
import { useStaffCommand } from '../ui/useStaffCommand';

/**
 * Staff correct a member's state and date of birth (issue 22) with a reason: PUT .../residence,
 * recorded in the member's history as a correction. Auditors do not see the button.
 */
export function EditResidenceButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState('');
  const [dob, setDob] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run } = useStaffCommand();
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const start = () => {
    setState(typeof record.state === 'string' ? record.state : '');
    setDob(typeof record.dob === 'string' ? record.dob.slice(0, 10) : '');
    setReason('');
    setOpen(true);
  };
  const save = () =>
    run(async () => {
      await postAction(
        `/members/${encodeURIComponent(String(record.id))}/residence`,
        { state: state === '' ? null : state, dob: dob === '' ? null : dob, reason: reason.trim() },
        'PUT',
      );
      notify('Residence saved', { type: 'info' });
      setOpen(false);
      refresh();
    }, 'Saving the residence failed');
  return (
    <>
      <Button variant="outlined" onClick={start}>
        Edit residence
      </Button>
      <ReasonDialog
        open={open}
        id="edit-residence-title"
        title="Edit residence"
        text="The state decides which draws the member may enter; the date of birth, whether they are 18 or over."
        helperText={REASON_IN_MEMBER_HISTORY}
        reason={reason}
        onReason={setReason}
        busy={busy}
        width="xs"
        confirmLabel="Save"
        onCancel={() => setOpen(false)}
        onConfirm={() => void save()}
      >
        <MuiTextField select label="State or territory" value={state} onChange={(e) => setState(e.target.value)} fullWidth margin="dense">
          <MenuItem value="">Not given</MenuItem>
          {AU_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </MuiTextField>
        <MuiTextField
          label="Date of birth"
          type="date"
          value={dob}
          onChange={(e) => setDob(e.target.value)}
          fullWidth
          margin="dense"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </ReasonDialog>
    </>
  );
}
