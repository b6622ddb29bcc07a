import { Button } from '@mui/material';
import { useState } from 'react';
import { Datagrid, List, NumberField, TextField, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { postAction } from '../dataProvider';

/** Admins and staff re-run a failed job with a fresh set of attempts; auditors only look. */
function RetryButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || (permissions !== 'admin' && permissions !== 'staff')) return null;
  const retry = async () => {
    setBusy(true);
    try {
      // Ids are `<queue>/<jobId>`: the slash must stay inside the path segment.
      await postAction(`/jobs-failed/${encodeURIComponent(String(record.id))}/retry`);
      notify('Job queued again', { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Retry failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      onClick={(e) => {
        e.stopPropagation();
        void retry();
      }}
    >
      Retry
    </Button>
  );
}

export function FailedJobList() {
  return (
    <List sort={{ field: 'id', order: 'DESC' }} perPage={25} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" />
        <TextField source="queue" sortable={false} />
        <TextField source="error" sortable={false} />
        <NumberField source="attempts" sortable={false} />
        <ClubDateField source="failedAt" showTime label="Failed" sortable={false} />
        <RetryButton />
      </Datagrid>
    </List>
  );
}
