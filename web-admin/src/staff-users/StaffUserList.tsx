import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import {
  BooleanField,
  Datagrid,
  FunctionField,
  List,
  SelectField,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { ROLE_CHOICES } from './choices';
import { waitingNotice } from '../approvals/waiting';
import { postAction } from '../dataProvider';

/** A role change with a reason; with four-eyes on it waits for a second staff user under Approvals. */
function ChangeRole() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState('');
  const [reason, setReason] = useState('');
  if (!record) return null;
  const save = async () => {
    try {
      const answer = await postAction(`/staff-users/${encodeURIComponent(String(record.id))}/role`, { role, reason: reason.trim() }, 'PUT');
      notify(waitingNotice(answer) ?? 'Role changed', { type: 'info' });
      setOpen(false);
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The role could not be changed', { type: 'error' });
    }
  };
  return (
    <Box onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        onClick={() => {
          setRole(String(record.role));
          setOpen(true);
        }}
      >
        Change role
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="change-role-title">
        <DialogTitle id="change-role-title">Change {String(record.name)}&apos;s role</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          <MuiTextField select label="Role" value={role} onChange={(e) => setRole(e.target.value)} margin="dense">
            {ROLE_CHOICES.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField label="Reason" helperText="Recorded in the event log" value={reason} onChange={(e) => setReason(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={role === record.role || reason.trim().length < 3} onClick={() => void save()}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

export function StaffUserList() {
  return (
    <List title="Staff accounts" exporter={false} pagination={false} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="name" sortable={false} />
        <TextField source="email" sortable={false} />
        <SelectField source="role" choices={ROLE_CHOICES} sortable={false} />
        <BooleanField source="two_factor" label="Two-factor" sortable={false} />
        <BooleanField source="suspended" looseValue sortable={false} />
        <FunctionField label="" render={(_r: RaRecord) => <ChangeRole />} />
      </Datagrid>
    </List>
  );
}
