import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { AU_STATES } from '@roar/contracts/common';
import { postAction } from '../dataProvider';

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
  const [busy, setBusy] = useState(false);
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const start = () => {
    setState(typeof record.state === 'string' ? record.state : '');
    setDob(typeof record.dob === 'string' ? record.dob.slice(0, 10) : '');
    setReason('');
    setOpen(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      await postAction(
        `/members/${encodeURIComponent(String(record.id))}/residence`,
        { state: state === '' ? null : state, dob: dob === '' ? null : dob, reason: reason.trim() },
        'PUT',
      );
      notify('Residence saved', { type: 'info' });
      setOpen(false);
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Saving the residence failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={start}>
        Edit residence
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="edit-residence-title" fullWidth maxWidth="xs">
        <DialogTitle id="edit-residence-title">Edit residence</DialogTitle>
        <DialogContent>
          <DialogContentText>The state decides which draws the member may enter; the date of birth, whether they are 18 or over.</DialogContentText>
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
          <MuiTextField
            label="Reason"
            helperText="Required: kept in the member's history"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={busy || reason.trim().length < 3} onClick={() => void save()}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
