import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import {
  FunctionField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { ClubDateField } from '../ui/ClubDateField';
import { postAction } from '../dataProvider';
import { FailedEventAlert } from './FailedEvent';
import { rebuildLabel, rebuildStateSchema } from './rebuildLabel';
import { VerifyPanel } from './VerifyPanel';

function RebuildProgress() {
  const record = useRecordContext();
  const parsed = rebuildStateSchema.safeParse(record?.rebuild ?? null);
  const r = parsed.success ? parsed.data : null;
  if (!r || r.state !== 'running') return null;
  const value = r.total ? Math.min(100, (100 * r.events) / r.total) : undefined;
  return <LinearProgress aria-label="Rebuild progress" variant={value === undefined ? 'indeterminate' : 'determinate'} value={value} />;
}

/** Rebuild empties the read model while it replays: admins only, after a confirmation. */
function RebuildButton() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (permissions !== 'admin' || !record) return null;
  const running = (record.rebuild as { state?: string } | null)?.state === 'running';
  const start = async () => {
    if (!window.confirm(`Rebuild ${String(record.name)}? Its rows are empty until the replay passes them.`)) return;
    setBusy(true);
    try {
      await postAction(`/projections/${encodeURIComponent(String(record.id))}/rebuild`);
      notify('Rebuild started', { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Rebuild failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" color="warning" disabled={busy || running} onClick={() => void start()}>
      Rebuild
    </Button>
  );
}

const isRunning = (record: unknown) => (record as { rebuild?: { state?: string } | null } | undefined)?.rebuild?.state === 'running';

/** While a rebuild runs, the page polls the status every second (react-query refetch). */
export function ProjectionShow() {
  return (
    <Show queryOptions={{ refetchInterval: (query) => (isRunning(query.state.data) ? 1000 : false) }}>
      <SimpleShowLayout>
        <TextField source="name" />
        <NumberField source="version" />
        <NumberField source="stored_version" emptyText="-" />
        <TextField source="state" />
        <TextField source="position" emptyText="-" />
        <ClubDateField source="updated_at" showTime label="Checkpoint written" emptyText="-" />
        <TextField source="last_error" emptyText="-" />
        <FunctionField
          label="Stopped at event"
          render={(r: RaRecord) =>
            r.failed_event ? <FailedEventAlert value={r.failed_event} title="This read model stopped at an event it cannot apply" /> : '-'
          }
        />
        <FunctionField
          label="Last rebuild"
          render={(r: RaRecord) => <Typography data-testid="rebuild-state">{rebuildLabel(r.rebuild)}</Typography>}
        />
        <RebuildProgress />
        <Box>
          <RebuildButton />
        </Box>
        <VerifyPanel />
      </SimpleShowLayout>
    </Show>
  );
}
