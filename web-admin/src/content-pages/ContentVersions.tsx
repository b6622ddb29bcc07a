import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh, useResourceContext, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';
import type { ContentVersion } from '@roar/contracts/content';
import { postAction } from '../dataProvider';
import { EditForm } from '../ui/EditForm';

type Version = ContentVersion;

/** The form of an edited content record with its history underneath (EditForm, waiting for the record's `versions`). */
export function VersionedForm({ children }: { children: ReactNode }) {
  return (
    <EditForm ready={(record) => Array.isArray(record.versions)}>
      {children}
      <ContentVersions />
    </EditForm>
  );
}

/** Every saved version with who changed it and why; Restore copies one back as a new version. */
function ContentVersions() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { reset } = useFormContext();
  const [restoring, setRestoring] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  if (!record) return null;
  // The data provider parsed the record (versions included) with the resource's contract schema.
  const versions = (record.versions as Version[] | undefined) ?? [];
  const canRestore = permissions === 'admin' || permissions === 'staff';
  const restore = async () => {
    try {
      const restored = await postAction<RaRecord>(`/${resource}/${encodeURIComponent(String(record.id))}/restore`, {
        version: restoring,
        reason: reason.trim(),
      });
      // The form takes the restored record whole: fields edited and saved before stay "dirty" in the
      // form, and the refetch (keepDirtyValues) would otherwise keep showing them.
      reset(restored);
      notify(`Version ${restoring} restored`, { type: 'info' });
      setRestoring(null);
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Restore failed', { type: 'error' });
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6">History</Typography>
      {versions.length === 0 ? (
        <Typography variant="body2">Not edited yet: the launch copy.</Typography>
      ) : (
        <Table size="small" aria-label="Versions">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Saved ({CLUB_TIME_ZONE})</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((v, i) => (
              <TableRow key={v.version}>
                <TableCell>
                  {v.version}
                  {v.restored_from ? ` (restores ${v.restored_from})` : ''}
                </TableCell>
                <TableCell>{new Date(v.created_at).toLocaleString('en-AU', { timeZone: CLUB_TIME_ZONE })}</TableCell>
                <TableCell>{v.staff_email}</TableCell>
                <TableCell>{v.reason}</TableCell>
                <TableCell>
                  {canRestore && i > 0 && (
                    <Button size="small" onClick={() => setRestoring(v.version)} aria-label={`Restore version ${v.version}`}>
                      Restore
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Dialog open={restoring !== null} onClose={() => setRestoring(null)}>
        <DialogTitle>Restore version {restoring}</DialogTitle>
        <DialogContent>
          <MuiTextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            margin="dense"
            helperText="Recorded with the new version"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRestoring(null)}>Cancel</Button>
          <Button variant="contained" disabled={reason.trim().length < 3} onClick={() => void restore()}>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
